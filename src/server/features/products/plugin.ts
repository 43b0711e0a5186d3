import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerProductRoutes } from './routes.ts';

/** The products feature (decision 190): Product Analysis. */
export const productsFeature: FeaturePlugin = {
  name: 'products',
  routes: async (app, { deps }) => registerProductRoutes(app, deps),
  tables: ['product_lead_times'],
};
