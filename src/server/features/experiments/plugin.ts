import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerExperimentRoutes } from './routes.ts';

/** The experiments feature (decision 190): A/B tests and the sample-size calculator. */
export const experimentsFeature: FeaturePlugin = {
  name: 'experiments',
  routes: async (app, { deps }) => registerExperimentRoutes(app, deps),
  tables: ['experiments'],
};
