import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerModelRoutes } from './routes.ts';

/** The models feature (decision 190): Predictive Models: diagnostics and run history. */
export const modelsFeature: FeaturePlugin = {
  name: 'models',
  routes: async (app, { deps }) => registerModelRoutes(app, deps),
};
