import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerMeasurementRoutes } from './routes.ts';

/** The measurement feature (decision 190): The marketing-mix model and the budget planner. */
export const measurementFeature: FeaturePlugin = {
  name: 'measurement',
  routes: async (app, { deps }) => registerMeasurementRoutes(app, deps),
};
