import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import type { RemoveShopifySubscriptions } from '../../platform/ports/remove-shopify-subscriptions.ts';
import { registerCredentialsRoutes } from './routes.ts';

/**
 * The connections feature (decision 190): the credentials of Shopify, Google Analytics and Meta.
 * Disconnecting Shopify first removes its webhook subscriptions through the webhooks feature's
 * port (decision 155).
 */
export const connectionsFeature = (ports: {
  removeShopifySubscriptions: RemoveShopifySubscriptions;
}): FeaturePlugin => ({
  name: 'connections',
  routes: async (app, { deps }) => registerCredentialsRoutes(app, deps, ports.removeShopifySubscriptions),
});
