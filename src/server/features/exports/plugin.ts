import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerExportRoutes } from './routes.ts';

/** The exports feature (decision 190): CSV exports. */
export const exportsFeature: FeaturePlugin = {
  name: 'exports',
  routes: async (app, { deps }) => registerExportRoutes(app, deps),
};
