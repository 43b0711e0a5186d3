import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerProfitRoutes } from './routes.ts';

/** The profit feature (decision 190): The Profit page's P&L. */
export const profitFeature: FeaturePlugin = {
  name: 'profit',
  routes: async (app, { deps }) => registerProfitRoutes(app, deps),
};
