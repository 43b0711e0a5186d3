import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerAllStoresRoutes } from './routes.ts';

/** The all-stores feature (decision 190): The All-stores views and the reporting currency. */
export const allStoresFeature: FeaturePlugin = {
  name: 'all-stores',
  routes: async (app, { deps }) => registerAllStoresRoutes(app, deps),
};
