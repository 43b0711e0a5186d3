import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerStoreRoutes } from './routes.ts';

/** The stores feature (decision 190): The workspace's stores. */
export const storesFeature: FeaturePlugin = {
  name: 'stores',
  routes: async (app, { deps }) => registerStoreRoutes(app, deps),
};
