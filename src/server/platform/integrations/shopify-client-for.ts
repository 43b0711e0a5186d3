import { createShopifyClient, type ShopifyClient } from '../../connectors/shopify/client.ts';
import type { ShopifySecret } from '../../vault/credential-store.ts';
import type { IntegrationContext } from './integration-context.ts';

/** A Shopify client for a stored or submitted secret: access token, else client credentials. */
export function createShopifyClientFor(context: IntegrationContext, secret: ShopifySecret): ShopifyClient {
  const baseUrl = context.upstream.shopify(secret.shopDomain);
  const timeout = context.upstreamTimeoutMs ? { timeoutMs: context.upstreamTimeoutMs } : {};
  const { tokens } = context;
  if (secret.accessToken) {
    return createShopifyClient({
      baseUrl,
      auth: { kind: 'access_token', accessToken: secret.accessToken },
      tokens,
      ...timeout,
    });
  }
  return createShopifyClient({
    baseUrl,
    auth: { kind: 'client_credentials', clientId: secret.apiKey ?? '', clientSecret: secret.apiSecret ?? '' },
    tokens,
    ...timeout,
  });
}
