import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerGaRoutes } from './routes.ts';

/** The ga feature (decision 190): Google Analytics data and overview. */
export const gaFeature: FeaturePlugin = {
  name: 'ga',
  routes: async (app, { deps }) => registerGaRoutes(app, deps),
};
