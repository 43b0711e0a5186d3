import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerMetaRoutes } from './routes.ts';

/** The meta feature (decision 190): Meta endpoints and summary. */
export const metaFeature: FeaturePlugin = {
  name: 'meta',
  routes: async (app, { deps }) => registerMetaRoutes(app, deps),
};
