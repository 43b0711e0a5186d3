import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerSyncRoutes } from './routes.ts';

/** The sync feature (decision 190): Data freshness and "Sync now". */
export const syncFeature: FeaturePlugin = {
  name: 'sync',
  routes: async (app, { deps }) => registerSyncRoutes(app, deps),
};
