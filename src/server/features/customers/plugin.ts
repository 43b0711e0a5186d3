import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerCustomerRoutes } from './routes.ts';

/** The customers feature (decision 190): Customer segments and the customer list. */
export const customersFeature: FeaturePlugin = {
  name: 'customers',
  routes: async (app, { deps }) => registerCustomerRoutes(app, deps),
};
