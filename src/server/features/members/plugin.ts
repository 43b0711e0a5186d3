import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerMemberRoutes } from './routes.ts';

/** The members feature (decision 190): Members and invitations. */
export const membersFeature: FeaturePlugin = {
  name: 'members',
  routes: async (app, { deps }) => registerMemberRoutes(app, deps),
};
