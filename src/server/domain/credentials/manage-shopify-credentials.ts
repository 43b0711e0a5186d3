import {
  type ShopifyCredentialView,
  type ShopifyStoreRequest,
  type ShopifyStoreResponse,
  validateShopifyCredentials,
} from '../../../shared/contracts/credentials.ts';
import { UpstreamError } from '../../connectors/http/upstream-error.ts';
import type { ShopifyClient } from '../../connectors/shopify/client.ts';
import { normalizeShopDomain } from '../../connectors/upstream-urls.ts';
import { AppError, badRequest } from '../../errors.ts';
import { catalogue, enqueue, SYNC_JOBS } from '../../jobs/catalogue.ts';
import type { IntegrationContext } from '../../platform/integrations/integration-context.ts';
import { createShopifyClientFor } from '../../platform/integrations/shopify-client-for.ts';
import { describeFailure, toAppError } from '../../platform/integrations/upstream-failure.ts';
import type { RemoveShopifySubscriptions } from '../../platform/ports/remove-shopify-subscriptions.ts';
import {
  deleteCredential,
  loadCredential,
  maskSecret,
  type ShopifySecret,
  type StoredCredential,
  saveCredential,
} from '../../vault/credential-store.ts';
import { scopeInfo, tryReadGrantedScopes } from './shopify-scope-info.ts';

/** Loads the workspace's Shopify client, or a 400 telling the owner to connect first. */
export async function requireShopifyClient(
  context: IntegrationContext,
  workspaceId: string,
): Promise<{ client: ShopifyClient; secret: ShopifySecret; stored: StoredCredential<'shopify'> }> {
  const stored = await loadCredential(context.db, context.keyring, workspaceId, 'shopify').catch(
    (error: unknown) => {
      throw toAppError(error);
    },
  );
  if (!stored) {
    throw new AppError(
      400,
      'shopify_not_connected',
      'Shopify is not connected. Add your store credentials in Profile & Integrations.',
    );
  }
  return { client: createShopifyClientFor(context, stored.secret), secret: stored.secret, stored };
}

/**
 * POST /api/credentials/shopify: validate (spec §5), test the connection with the shop query,
 * read the granted scopes, then store once. A failed test still stores the credentials, flagged
 * (isValid false, spec §4) — unless a working connection is stored: that one is kept and the
 * new credentials are dropped (test first, then store).
 */
export async function storeShopifyCredentials(
  context: IntegrationContext,
  workspaceId: string,
  input: ShopifyStoreRequest,
): Promise<ShopifyStoreResponse> {
  const checked = validateShopifyCredentials(input);
  if (!checked.ok) throw badRequest(`${checked.title}: ${checked.description}`, checked.code);
  const shopDomain = normalizeShopDomain(checked.value.shopDomain);
  if (!/^[a-z0-9][a-z0-9.-]*\.[a-z]{2,}$/.test(shopDomain)) {
    throw badRequest(
      'Invalid Domain: Enter your shop domain, for example my-store.myshopify.com',
      'invalid_domain',
    );
  }
  // With an access token the API secret key is optional: it only verifies webhooks (issue #15).
  const secret: ShopifySecret = checked.value.accessToken
    ? {
        shopDomain,
        accessToken: checked.value.accessToken,
        ...(checked.value.apiSecret ? { apiSecret: checked.value.apiSecret } : {}),
      }
    : { shopDomain, apiKey: checked.value.apiKey, apiSecret: checked.value.apiSecret };

  let shopName: string | null = null;
  let failure: string | null = null;
  let granted: string[] | null = null;
  try {
    const client = createShopifyClientFor(context, secret);
    const shop = await client.getShop();
    shopName = shop.name;
    granted = await tryReadGrantedScopes(client);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    failure = describeFailure(error);
  }
  if (failure) {
    const working = await loadCredential(context.db, context.keyring, workspaceId, 'shopify').catch(
      () => null,
    );
    if (working?.status === 'verified') {
      return {
        success: false,
        isValid: false,
        message: `Connection test failed: ${failure} The new credentials were not saved; the working connection to ${working.secret.shopDomain} stays in place.`,
        shopName: null,
      };
    }
  }
  const now = context.now();
  await saveCredential(context.db, context.keyring, {
    workspaceId,
    provider: 'shopify',
    secret,
    publicInfo: {
      shopDomain,
      shopName,
      apiKey: maskSecret(secret.apiKey),
      apiSecret: maskSecret(secret.apiSecret),
      accessToken: maskSecret(secret.accessToken),
      ...scopeInfo(granted),
    },
    status: failure ? 'failed' : 'verified',
    lastError: failure,
    verifiedAt: failure ? null : now,
    now,
  });
  if (!failure) {
    await enqueue(context.db, SYNC_JOBS.shopify, { workspaceId, reason: 'connect' }, { now });
    await enqueue(context.db, catalogue.registerShopifyWebhooks, { workspaceId }, { now });
  }
  return failure
    ? {
        success: true,
        isValid: false,
        message: `Credentials saved but connection test failed: ${failure}`,
        shopName,
      }
    : { success: true, isValid: true, message: `Connected to ${shopName ?? shopDomain}`, shopName };
}

/** GET /api/credentials/shopify: masked view (404 when none stored). */
export async function getShopifyCredentialView(
  context: IntegrationContext,
  workspaceId: string,
): Promise<ShopifyCredentialView> {
  const stored = await loadCredential(context.db, context.keyring, workspaceId, 'shopify').catch(
    (error: unknown) => {
      throw toAppError(error);
    },
  );
  if (!stored) throw new AppError(404, 'not_connected', 'No Shopify credentials are stored.');
  return {
    shopDomain: stored.secret.shopDomain,
    api_key: maskSecret(stored.secret.apiKey),
    api_secret: maskSecret(stored.secret.apiSecret),
    access_token: maskSecret(stored.secret.accessToken),
    isValid: stored.status === 'verified',
    lastError: stored.lastError,
    verifiedAt: stored.verifiedAt?.toISOString() ?? null,
  };
}

export async function removeShopifyCredentials(
  context: IntegrationContext,
  workspaceId: string,
  removeSubscriptions: RemoveShopifySubscriptions,
) {
  // Subscriptions go first: deleting them needs the credentials (the webhooks feature's port, decision 155).
  await removeSubscriptions(context, workspaceId);
  const removed = await deleteCredential(context.db, workspaceId, 'shopify');
  return {
    success: true,
    message: removed
      ? 'Shopify credentials have been securely removed'
      : 'No Shopify credentials were stored',
  };
}
