/** The Shopify client from the vault, the shop row (currency, time zone) and products/variants with today's inventory. */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { localDayOf } from '../../../../shared/calendar.ts';
import { currencyDigitsOf } from '../../../../shared/money.ts';
import { createShopifyClient, type ShopifyClient } from '../../../connectors/shopify/client.ts';
import type { ShopifyCost } from '../../../connectors/shopify/payload.schema.ts';
import { recordShopifyCosts } from '../../../domain/costs/record-shopify-costs.ts';
import { SYNC_PRODUCTS_QUERY, SyncProductsDataSchema } from '../../../domain/warehouse/shopify-documents.ts';
import {
  INVENTORY_SPEC,
  mapProduct,
  PRODUCT_SPEC,
  type ShopContext,
  VARIANT_SPEC,
} from '../../../domain/warehouse/shopify-rows.ts';
import { upsertRows } from '../../../domain/warehouse/upsert-rows.ts';
import { PermanentJobError } from '../../../jobs/job-definition.ts';
import { loadCredential } from '../../../vault/credential-store.ts';
import type { SyncSession } from '../run-source-sync.ts';
import { syncTuning } from '../sync-tuning.ts';
import { PRODUCT_PAGE_SIZE } from './shopify-stream-cursor.ts';

/** Builds the workspace's Shopify client from the vault, reporting query costs as quota. */
export async function loadShopifyClient(
  session: SyncSession,
): Promise<{ client: ShopifyClient; shopDomain: string }> {
  const integration = session.deps.integration;
  const stored = await loadCredential(integration.db, integration.keyring, session.workspaceId, 'shopify');
  if (!stored)
    throw new PermanentJobError('Shopify is not connected. Add your store in Profile & Integrations.');
  const { secret } = stored;
  const onCost = (cost: ShopifyCost) => {
    const { maximumAvailable, currentlyAvailable } = cost.throttleStatus;
    const used = Math.max(0, maximumAvailable - currentlyAvailable);
    session.recordQuota({
      unit: 'query cost points',
      used: Math.round(used),
      limit: maximumAvailable,
      usedPercent: maximumAvailable > 0 ? Math.round((used / maximumAvailable) * 1000) / 10 : null,
    });
  };
  const baseUrl = integration.upstream.shopify(secret.shopDomain);
  const client = createShopifyClient({
    baseUrl,
    auth: secret.accessToken
      ? { kind: 'access_token', accessToken: secret.accessToken }
      : { kind: 'client_credentials', clientId: secret.apiKey ?? '', clientSecret: secret.apiSecret ?? '' },
    tokens: integration.tokens,
    timeoutMs: integration.upstreamTimeoutMs ?? syncTuning.timeoutMs,
    ...(syncTuning.retry ? { retry: syncTuning.retry } : {}),
    onCost,
  });
  return { client, shopDomain: secret.shopDomain };
}

export async function writeShop(
  session: SyncSession,
  client: ShopifyClient,
  shopDomain: string,
): Promise<ShopContext> {
  const shop = await client.getShop();
  const digits = currencyDigitsOf(shop.currencyCode);
  const now = session.now();
  await session.deps.db.execute(
    sql`INSERT INTO wh_shops (workspace_id, shop_domain, name, currency_code, currency_digits, iana_timezone, synced_at)
        VALUES (${session.workspaceId}, ${shopDomain}, ${shop.name}, ${shop.currencyCode}, ${digits}, ${shop.ianaTimezone}, ${now.toISOString()})
        ON CONFLICT (workspace_id) DO UPDATE SET shop_domain = EXCLUDED.shop_domain, name = EXCLUDED.name,
          currency_code = EXCLUDED.currency_code, currency_digits = EXCLUDED.currency_digits,
          iana_timezone = EXCLUDED.iana_timezone, synced_at = EXCLUDED.synced_at`,
  );
  return {
    workspaceId: session.workspaceId,
    currencyCode: shop.currencyCode,
    currencyDigits: digits,
    timeZone: shop.ianaTimezone,
    syncedAt: now.toISOString(),
  };
}

export async function syncProducts(
  session: SyncSession,
  client: ShopifyClient,
  shop: ShopContext,
): Promise<void> {
  const snapshotDate = localDayOf(session.now(), shop.timeZone);
  let after: string | null = null;
  for (;;) {
    session.throwIfAborted();
    const data: z.infer<typeof SyncProductsDataSchema> = await client.query(
      SYNC_PRODUCTS_QUERY,
      { first: PRODUCT_PAGE_SIZE, after },
      SyncProductsDataSchema,
    );
    const mapped = data.products.nodes.map((product) => mapProduct(shop, product, snapshotDate));
    await session.commitPage(async (db) => {
      let rows = await upsertRows(
        db,
        PRODUCT_SPEC,
        mapped.map((entry) => entry.product),
      );
      const variants = mapped.flatMap((entry) => entry.variants);
      rows += await upsertRows(db, VARIANT_SPEC, variants);
      rows += await recordShopifyCosts(
        db,
        shop.workspaceId,
        variants.map((variant) => variant.variant_id as number),
        snapshotDate,
        session.now(),
      );
      rows += await upsertRows(
        db,
        INVENTORY_SPEC,
        mapped.flatMap((entry) => entry.inventory),
      );
      return rows;
    }, {});
    if (!data.products.pageInfo.hasNextPage || !data.products.pageInfo.endCursor) break;
    after = data.products.pageInfo.endCursor;
  }
}
