import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { localDayOf } from '../../../../shared/calendar.ts';
import { currencyDigitsOf } from '../../../../shared/money.ts';
import { createShopifyClient, type ShopifyClient } from '../../../connectors/shopify/client.ts';
import type { ShopifyCost } from '../../../connectors/shopify/payload.schema.ts';
import { loadCostBook } from '../../../domain/costs/load-cost-book.ts';
import { recordShopifyCosts } from '../../../domain/costs/record-shopify-costs.ts';
import type { SyncOutcome, SyncSession } from '../../../domain/sync/sync-run.ts';
import {
  BULK_CUSTOMERS_QUERY,
  SYNC_CUSTOMERS_QUERY,
  SYNC_PRODUCTS_QUERY,
  SyncCustomerSchema,
  SyncCustomersDataSchema,
  SyncProductsDataSchema,
} from '../../../domain/warehouse/shopify-documents.ts';
import {
  CUSTOMER_SPEC,
  INVENTORY_SPEC,
  mapCustomer,
  mapProduct,
  PRODUCT_SPEC,
  type ShopContext,
  VARIANT_SPEC,
} from '../../../domain/warehouse/shopify-rows.ts';
import { type UpsertRow, upsertRows } from '../../../domain/warehouse/upsert-rows.ts';
import { PermanentJobError } from '../../../jobs/job-error.ts';
import { loadCredential } from '../../../vault/credential-store.ts';
import { syncTuning } from '../sync-tuning.ts';
import { bulkOrders, incrementalOrders, waitForExport } from './shopify-orders.ts';
import {
  BulkLostError,
  BulkUnsupportedError,
  CUSTOMER_PAGE_SIZE,
  incrementalAfterBulk,
  later,
  PRODUCT_PAGE_SIZE,
  readStream,
  runIncrementalStream,
  type StreamCursor,
  startBulkQuery,
  streamBulkResult,
} from './shopify-stream.ts';

/** Runs a stream's bulk phase, falling back to full paging when bulk is refused, restarting a lost export once. */
async function runStream(
  session: SyncSession,
  name: 'orders' | 'customers',
  bulk: (state: StreamCursor) => Promise<unknown>,
  incremental: (state: StreamCursor) => Promise<void>,
): Promise<void> {
  let state = readStream(session.cursor, name);
  if (state.phase === 'bulk' && !syncTuning.bulk) state = { phase: 'incremental', updatedFrom: null };
  if (state.phase === 'bulk') {
    try {
      await bulk(state);
    } catch (error) {
      if (error instanceof BulkLostError) {
        await session.commitPage(async () => 0, { [name]: { phase: 'bulk' } });
        await bulk({ phase: 'bulk' });
      } else if (error instanceof BulkUnsupportedError) {
        await session.commitPage(async () => 0, { [name]: { phase: 'incremental', updatedFrom: null } });
      } else {
        throw error;
      }
    }
    const stored = await session.deps.db.execute(
      sql`SELECT cursor -> ${name} AS stream FROM sync_states WHERE workspace_id = ${session.workspaceId} AND source = 'shopify'`,
    );
    const row = (stored as unknown as { rows: Array<{ stream: StreamCursor | string | null }> }).rows[0];
    const value = row?.stream;
    state = (typeof value === 'string' ? (JSON.parse(value) as StreamCursor) : value) ?? {
      phase: 'incremental',
    };
  }
  await incremental(state);
}

export async function syncShopify(session: SyncSession): Promise<SyncOutcome> {
  const startedAt = session.now();
  const { client, shopDomain } = await loadShopifyClient(session);
  const shop = await writeShop(session, client, shopDomain);
  await syncProducts(session, client, shop);
  await runStream(
    session,
    'customers',
    (state) => bulkCustomers(session, client, shop, state),
    (state) => incrementalCustomers(session, client, shop, state),
  );
  // Loaded after products: the ledger then holds the Shopify costs this run saw.
  const book = await loadCostBook(session.deps.db, session.workspaceId);
  await runStream(
    session,
    'orders',
    (state) => bulkOrders(session, client, shop, book, state),
    (state) => incrementalOrders(session, client, shop, book, state),
  );
  return { dataThrough: startedAt, backfillCompleted: true };
}

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

export async function bulkCustomers(
  session: SyncSession,
  client: ShopifyClient,
  shop: ShopContext,
  state: StreamCursor,
): Promise<void> {
  let current = state;
  if (!current.bulkId) {
    const startedAt = session.now().toISOString();
    const bulkId = await startBulkQuery(client, BULK_CUSTOMERS_QUERY);
    current = { phase: 'bulk', bulkId, bulkStartedAt: startedAt, bulkLinesDone: 0 };
    await session.commitPage(async () => 0, { customers: current });
  }
  const result = await waitForExport(session, client, 'customers', current);
  const done = current.bulkLinesDone ?? 0;
  let batch: UpsertRow[] = [];
  let lastLine = done - 1;
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await session.commitPage((db) => upsertRows(db, CUSTOMER_SPEC, rows), {
      customers: { ...current, bulkLinesDone: lastLine + 1 },
    });
  };
  if (result.url) {
    await streamBulkResult(
      result.url,
      async (value, lineNumber) => {
        if (lineNumber < done) return;
        batch.push(mapCustomer(shop, SyncCustomerSchema.parse(value)));
        lastLine = lineNumber;
        if (batch.length >= 5_000) await flush();
        session.throwIfAborted();
      },
      { signal: session.signal },
    );
  }
  await flush();
  await session.commitPage(async () => 0, {
    customers: incrementalAfterBulk(current.bulkStartedAt, session.now()),
  });
}

export async function incrementalCustomers(
  session: SyncSession,
  client: ShopifyClient,
  shop: ShopContext,
  state: StreamCursor,
): Promise<void> {
  await runIncrementalStream(session, 'customers', state, async (after, query) => {
    const data = await client.query(
      SYNC_CUSTOMERS_QUERY,
      { first: CUSTOMER_PAGE_SIZE, after, query },
      SyncCustomersDataSchema,
    );
    const rows = data.customers.nodes.map((customer) => mapCustomer(shop, customer));
    let newest: string | null = null;
    for (const customer of data.customers.nodes)
      newest = later(newest, customer.updatedAt ?? customer.createdAt);
    const { hasNextPage, endCursor } = data.customers.pageInfo;
    return {
      write: (db) => upsertRows(db, CUSTOMER_SPEC, rows),
      newest,
      nextAfter: hasNextPage && endCursor ? endCursor : null,
    };
  });
}
