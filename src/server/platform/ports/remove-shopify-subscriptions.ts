import type { IntegrationContext } from '../integrations/integration-context.ts';

/**
 * A port (decision 155): deletes a workspace's Shopify webhook subscriptions from its store and
 * forgets the delivery mode. Disconnecting Shopify calls it before the credentials are deleted
 * (deleting the subscriptions needs them); the webhooks feature provides it and the composition
 * root (`main.ts`) passes it to the connections feature.
 */
export type RemoveShopifySubscriptions = (
  context: IntegrationContext,
  workspaceId: string,
) => Promise<unknown>;
