import type { ShopifyScopesResponse } from '../../../shared/contracts/shopify.ts';
import {
  missingShopifyScopes,
  ORDER_HISTORY_DAYS_WITHOUT_ALL_ORDERS,
} from '../../../shared/shopify-scopes.ts';
import { readGrantedScopes } from '../../connectors/shopify/access-scopes.ts';
import type { ShopifyClient } from '../../connectors/shopify/client.ts';
import type { PublicInfo } from '../../vault/credential-store.ts';

/**
 * A scope reading as stored on the Shopify credential's public info (`grantedScopes`,
 * `missingScopes`: comma lists, so connection health names what is missing without calling
 * Shopify) and as GET /api/shopify/scopes answers it.
 */

/** Public-info fields for a scope reading (null when it could not be read). */
export function scopeInfo(granted: readonly string[] | null): PublicInfo {
  if (granted === null) return { grantedScopes: null, missingScopes: null };
  return {
    grantedScopes: granted.join(','),
    missingScopes: missingShopifyScopes(granted)
      .map((m) => m.scope)
      .join(','),
  };
}

/** The granted scopes, or null when Shopify would not say (an older token, a hiccup). */
export async function tryReadGrantedScopes(client: ShopifyClient): Promise<string[] | null> {
  try {
    return await readGrantedScopes(client);
  } catch {
    return null;
  }
}

/** The API answer for a scope reading at `now`. */
export function describeScopes(granted: readonly string[], now: Date): ShopifyScopesResponse {
  const missing = missingShopifyScopes(granted);
  const limited = missing.some((m) => m.scope === 'read_all_orders');
  const since = new Date(now.getTime() - ORDER_HISTORY_DAYS_WITHOUT_ALL_ORDERS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return {
    granted: [...granted],
    missing,
    orderHistory: limited
      ? {
          fullHistory: false,
          days: ORDER_HISTORY_DAYS_WITHOUT_ALL_ORDERS,
          message: `Without read_all_orders Shopify shows Upside only the last ${ORDER_HISTORY_DAYS_WITHOUT_ALL_ORDERS} days of orders (since about ${since}); older orders are missing until the scope is granted, then Upside backfills them.`,
        }
      : {
          fullHistory: true,
          days: null,
          message: 'Upside can read the store’s whole order history.',
        },
    checkedAt: now.toISOString(),
  };
}
