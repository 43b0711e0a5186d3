import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerDashboardRoutes } from './routes.ts';

/** The dashboard feature (decision 190): The Dashboard's KPIs. */
export const dashboardFeature: FeaturePlugin = {
  name: 'dashboard',
  routes: async (app, { deps }) => registerDashboardRoutes(app, deps),
};
