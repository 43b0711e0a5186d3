import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerShopifyRoutes } from './routes.ts';

/** The orders feature (decision 190): Order lookup and the dashboard's Shopify summary. */
export const ordersFeature: FeaturePlugin = {
  name: 'orders',
  routes: async (app, { deps }) => registerShopifyRoutes(app, deps),
};
