import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerApiTokenRoutes } from './routes.ts';

/** The api-tokens feature (decision 190): The profile page's API tokens (their request hooks are registered by http/app.ts, before every route). */
export const apiTokensFeature: FeaturePlugin = {
  name: 'api-tokens',
  routes: async (app, { deps }) => registerApiTokenRoutes(app, deps),
};
