import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { localDayOf } from '../../../shared/calendar.ts';
import { currencyDigitsOf } from '../../../shared/money.ts';
import { createShopifyClient, type ShopifyClient } from '../../connectors/shopify/client.ts';
import type { ShopifyCost } from '../../connectors/shopify/payload.schema.ts';
import type { Db } from '../../db/client.ts';
import { type CostBook, loadCostBook } from '../../features/costs/queries/load-cost-book.ts';
import { recordShopifyCosts } from '../../features/costs/queries/record-shopify-costs.ts';
import { priceOrderRows, SHIPPING_COST_SPEC } from '../../features/costs/services/price-order-rows.ts';
import { loadCredential } from '../../vault/credential-store.ts';
import { PermanentJobError } from '../job-definition.ts';
import type { SyncOutcome, SyncSession } from './run-source-sync.ts';
import {
  BulkEndedError,
  BulkLostError,
  BulkUnsupportedError,
  startBulkQuery,
  streamBulkResult,
  waitForBulkQuery,
} from './shopify-bulk.ts';
import {
  BULK_CUSTOMERS_QUERY,
  bulkOrdersQuery,
  ORDER_LINE_ITEMS_QUERY,
  ORDERS_SPAN_QUERY,
  OrderLineItemsDataSchema,
  OrdersSpanDataSchema,
  SYNC_CUSTOMERS_QUERY,
  SYNC_ORDERS_QUERY,
  SYNC_PRODUCTS_QUERY,
  SyncCustomerSchema,
  SyncCustomersDataSchema,
  type SyncLineItem,
  SyncLineItemSchema,
  type SyncOrder,
  SyncOrderSchema,
  SyncOrdersDataSchema,
  SyncProductsDataSchema,
} from './shopify-documents.ts';
import { REFUND_LINE_SPEC, TRANSACTION_SPEC } from './shopify-profit-rows.ts';
import { fetchRefundDetails } from './shopify-refund-details.ts';
import {
  CUSTOMER_SPEC,
  INVENTORY_SPEC,
  LINE_ITEM_SPEC,
  mapCustomer,
  mapLineItem,
  mapOrder,
  mapProduct,
  ORDER_SPEC,
  type OrderRows,
  PRODUCT_SPEC,
  REFUND_SPEC,
  type ShopContext,
  TOUCHPOINT_SPEC,
  VARIANT_SPEC,
} from './shopify-rows.ts';
import { syncTuning } from './sync-tuning.ts';
import { type UpsertRow, upsertRows } from './upsert-rows.ts';
import { parseShopifyId } from './values.ts';

/**
 * Shopify → warehouse. Per run: the shop (currency, time zone), products/variants with today's
 * inventory snapshot, then customers and orders. A stream's first run is a backfill through a
 * bulk operation (paging when the shop refuses bulk); later runs read only what changed
 * (`updated_at:>=` the last run's high-water mark, minus a minute of overlap). Every page is
 * committed with its cursor, so a failed run resumes where it stopped; upserts make re-reads
 * harmless.
 */

/** Resumable position of one stream (orders or customers), stored in sync_states.cursor. */
interface StreamCursor {
  phase: 'bulk' | 'incremental';
  bulkId?: string | undefined;
  bulkStartedAt?: string | undefined;
  /** JSONL lines of the bulk file already committed. */
  bulkLinesDone?: number | undefined;
  /** Incremental lower bound (ISO instant); null/absent = everything. */
  updatedFrom?: string | null | undefined;
  /** Page cursor inside the current incremental pass. */
  after?: string | null | undefined;
  /** Newest updatedAt committed in the current pass. */
  maxSeen?: string | null | undefined;
  /** Orders backfill: created_at boundaries cutting the bulk export into slices (ISO instants). */
  sliceBounds?: string[] | undefined;
  /** The slice whose export `bulkId` is; `nextBulkId` is the next slice's, once started. */
  slice?: number | undefined;
  nextBulkId?: string | undefined;
}

const OVERLAP_MS = 60_000;
/** Backfill pages written concurrently (each on its own connection; they still commit in order). */
const PAGES_IN_FLIGHT = 2;
/**
 * A large backfill is exported in date slices, one bulk query after the other (a shop runs one
 * at a time): Shopify prepares slice N+1 while slice N is loaded, so the wait for the export
 * overlaps the database writes instead of preceding them all.
 */
const MAX_SLICES = 16;
const CUSTOMER_PAGE_SIZE = 250;
const PRODUCT_PAGE_SIZE = 3;

function readStream(cursor: Record<string, unknown>, name: string): StreamCursor {
  const value = cursor[name];
  if (value && typeof value === 'object' && 'phase' in value) return value as StreamCursor;
  return { phase: 'bulk' };
}

const later = (a: string | null | undefined, b: string | null | undefined): string | null => {
  if (!a) return b ?? null;
  if (!b) return a;
  return Date.parse(a) >= Date.parse(b) ? a : b;
};

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

async function writeShop(
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

async function syncProducts(session: SyncSession, client: ShopifyClient, shop: ShopContext): Promise<void> {
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

/** A page of orders' rows, refund lines included (read by `fetchRefundDetails` before the write). */
interface OrderPage {
  orders: UpsertRow[];
  lineItems: UpsertRow[];
  refunds: UpsertRow[];
  refundLines: UpsertRow[];
  transactions: UpsertRow[];
  touchpoints: UpsertRow[];
}

const emptyOrderPage = (): OrderPage => ({
  orders: [],
  lineItems: [],
  refunds: [],
  refundLines: [],
  transactions: [],
  touchpoints: [],
});

function addOrderRows(page: OrderPage, rows: OrderRows): void {
  page.orders.push(rows.order);
  page.lineItems.push(...rows.lineItems);
  page.refunds.push(...rows.refunds);
  page.transactions.push(...rows.transactions);
  page.touchpoints.push(...rows.touchpoints);
}

async function writeOrders(db: Db, book: CostBook, page: OrderPage) {
  const shipping = priceOrderRows(book, page.orders, page.lineItems);
  let rows = await upsertRows(db, ORDER_SPEC, page.orders);
  rows += await upsertRows(db, LINE_ITEM_SPEC, page.lineItems);
  rows += await upsertRows(db, SHIPPING_COST_SPEC, shipping);
  rows += await upsertRows(db, REFUND_SPEC, page.refunds);
  rows += await upsertRows(db, REFUND_LINE_SPEC, page.refundLines);
  rows += await upsertRows(db, TRANSACTION_SPEC, page.transactions);
  rows += await upsertRows(db, TOUCHPOINT_SPEC, page.touchpoints);
  return rows;
}

/** The lines beyond the page query's first 5 (large orders). */
async function fetchRemainingLineItems(client: ShopifyClient, order: SyncOrder): Promise<SyncLineItem[]> {
  const items: SyncLineItem[] = [];
  let after: string | null = null;
  for (;;) {
    const data: z.infer<typeof OrderLineItemsDataSchema> = await client.query(
      ORDER_LINE_ITEMS_QUERY,
      { id: order.id, after },
      OrderLineItemsDataSchema,
    );
    if (!data.order) break;
    items.push(...data.order.lineItems.nodes);
    if (!data.order.lineItems.pageInfo.hasNextPage || !data.order.lineItems.pageInfo.endCursor) break;
    after = data.order.lineItems.pageInfo.endCursor;
  }
  return items;
}

/** Slice boundaries over [oldest order, now], about `syncTuning.bulkSliceOrders` orders each; [] = one export. */
async function planOrderSlices(client: ShopifyClient, now: Date): Promise<string[]> {
  const span = await client.query(ORDERS_SPAN_QUERY, {}, OrdersSpanDataSchema);
  const oldest = span.orders.nodes[0]?.createdAt;
  const slices = Math.min(MAX_SLICES, Math.ceil((span.ordersCount?.count ?? 0) / syncTuning.bulkSliceOrders));
  if (!oldest || slices <= 1) return [];
  const from = Date.parse(oldest);
  const step = (now.getTime() - from) / slices;
  return Array.from({ length: slices - 1 }, (_, k) =>
    new Date(Math.floor((from + step * (k + 1)) / 1000) * 1000).toISOString(),
  );
}

/** Shopify search of slice `slice` (null: the whole store). */
function sliceSearch(bounds: readonly string[], slice: number): string | null {
  const terms: string[] = [];
  if (slice > 0) terms.push(`created_at:>='${bounds[slice - 1]}'`);
  if (slice < bounds.length) terms.push(`created_at:<'${bounds[slice]}'`);
  return terms.length === 0 ? null : terms.join(' ');
}

/** Streams one slice's JSONL into the warehouse, resuming after `bulkLinesDone`. */
async function loadOrdersFile(
  session: SyncSession,
  client: ShopifyClient,
  shop: ShopContext,
  book: CostBook,
  url: string | null,
  current: StreamCursor,
): Promise<void> {
  const done = current.bulkLinesDone ?? 0;
  const orderDates = new Map<number, string>();
  let batch = emptyOrderPage();
  let lastLine = done - 1;
  // Pages being written, oldest first: the next page is written while earlier ones commit.
  const inFlight: Promise<number>[] = [];
  const flush = async () => {
    if (batch.orders.length === 0 && batch.lineItems.length === 0) return;
    const full = batch;
    batch = emptyOrderPage();
    const cursor = { orders: { ...current, bulkLinesDone: lastLine + 1 } };
    full.refundLines = await fetchRefundDetails(client, shop, full.refunds);
    while (inFlight.length >= PAGES_IN_FLIGHT) await inFlight.shift();
    const page = session.commitPage((db) => writeOrders(db, book, full), cursor, {
      after: inFlight.at(-1),
    });
    page.catch(() => undefined); // awaited (and its error thrown) below or by the next page
    inFlight.push(page);
  };
  if (url) {
    try {
      await streamBulkResult(
        url,
        (value, lineNumber) => {
          session.throwIfAborted();
          const parentId = value.__parentId;
          if (typeof parentId === 'string') {
            if (lineNumber < done) return undefined;
            const orderId = parseShopifyId(parentId);
            const orderDate = orderDates.get(orderId);
            if (!orderDate) return undefined; // a line whose order is not in the file (cannot happen in Shopify's format)
            batch.lineItems.push(mapLineItem(shop, orderId, orderDate, SyncLineItemSchema.parse(value)));
            lastLine = lineNumber;
            return undefined;
          }
          const rows = mapOrder(shop, SyncOrderSchema.parse(value));
          orderDates.set(rows.order.order_id as number, rows.order.order_date as string);
          if (lineNumber < done) return undefined;
          // A batch ends before an order, so an order and its lines always commit together.
          const write = batch.orders.length >= syncTuning.bulkPageOrders ? flush() : undefined;
          addOrderRows(batch, rows); // a bulk file carries the lines as their own JSONL lines
          lastLine = lineNumber;
          return write;
        },
        { signal: session.signal },
      );
    } catch (error) {
      await Promise.allSettled(inFlight);
      throw error;
    }
  }
  await flush();
  for (const page of inFlight) await page;
}

/**
 * Waits for the stream's current export. One that ended badly is dropped from the cursor before the
 * error goes up, so the job's retry starts a new export instead of waiting on the dead one again.
 */
async function waitForExport(
  session: SyncSession,
  client: ShopifyClient,
  stream: 'orders' | 'customers',
  current: StreamCursor,
): Promise<Awaited<ReturnType<typeof waitForBulkQuery>>> {
  try {
    return await waitForBulkQuery(client, current.bulkId ?? '', { signal: session.signal });
  } catch (error) {
    if (error instanceof BulkEndedError)
      await session.commitPage(async () => 0, {
        [stream]: { ...current, bulkId: undefined, bulkLinesDone: 0 },
      });
    throw error;
  }
}

/** Bulk backfill of orders, slice by slice; returns the cursor to continue incrementally from. */
async function bulkOrders(
  session: SyncSession,
  client: ShopifyClient,
  shop: ShopContext,
  book: CostBook,
  state: StreamCursor,
): Promise<StreamCursor> {
  const signal = session.signal;
  let current = state;
  if (current.sliceBounds === undefined) {
    // A backfill started before slicing existed keeps its single export.
    const sliceBounds = current.bulkId ? [] : await planOrderSlices(client, session.now());
    current = {
      ...current,
      phase: 'bulk',
      bulkStartedAt: current.bulkStartedAt ?? session.now().toISOString(),
      sliceBounds,
      slice: current.slice ?? 0,
    };
  }
  const bounds = current.sliceBounds ?? [];
  for (let slice = current.slice ?? 0; slice <= bounds.length; slice += 1) {
    if (!current.bulkId) {
      const bulkId = await startBulkQuery(client, bulkOrdersQuery(sliceSearch(bounds, slice)), { signal });
      current = { ...current, slice, bulkId, bulkLinesDone: 0 };
      await session.commitPage(async () => 0, { orders: current });
    }
    const result = await waitForExport(session, client, 'orders', current);
    if (slice < bounds.length && !current.nextBulkId) {
      const nextBulkId = await startBulkQuery(client, bulkOrdersQuery(sliceSearch(bounds, slice + 1)), {
        signal,
      });
      current = { ...current, nextBulkId };
      await session.commitPage(async () => 0, { orders: current });
    }
    await loadOrdersFile(session, client, shop, book, result.url, current);
    if (slice < bounds.length) {
      current = {
        ...current,
        slice: slice + 1,
        bulkId: current.nextBulkId,
        nextBulkId: undefined,
        bulkLinesDone: 0,
      };
      await session.commitPage(async () => 0, { orders: current });
    }
  }
  const next: StreamCursor = {
    phase: 'incremental',
    updatedFrom: new Date(
      Date.parse(current.bulkStartedAt ?? session.now().toISOString()) - 5 * 60_000,
    ).toISOString(),
    after: null,
    maxSeen: null,
  };
  await session.commitPage(async () => 0, { orders: next });
  return next;
}

async function incrementalOrders(
  session: SyncSession,
  client: ShopifyClient,
  shop: ShopContext,
  book: CostBook,
  state: StreamCursor,
): Promise<void> {
  let { after = null, maxSeen = null } = state;
  const updatedFrom = state.updatedFrom ?? null;
  for (;;) {
    session.throwIfAborted();
    const data = await client.query(
      SYNC_ORDERS_QUERY,
      { first: syncTuning.orderPageSize, after, query: updatedFrom ? `updated_at:>='${updatedFrom}'` : null },
      SyncOrdersDataSchema,
    );
    const page = emptyOrderPage();
    for (const order of data.orders.nodes) {
      const rows = mapOrder(shop, order);
      if (order.lineItems?.pageInfo?.hasNextPage) {
        const extra = await fetchRemainingLineItems(client, order);
        const known = new Set(rows.lineItems.map((row) => row.line_item_id));
        for (const item of extra) {
          const row = mapLineItem(shop, rows.order.order_id as number, rows.order.order_date as string, item);
          if (!known.has(row.line_item_id)) rows.lineItems.push(row);
        }
      }
      addOrderRows(page, rows);
      maxSeen = later(maxSeen, order.updatedAt);
    }
    const { hasNextPage, endCursor } = data.orders.pageInfo;
    const nextAfter = hasNextPage && endCursor ? endCursor : null;
    page.refundLines = await fetchRefundDetails(client, shop, page.refunds);
    await session.commitPage((db) => writeOrders(db, book, page), {
      orders: { phase: 'incremental', updatedFrom, after: nextAfter, maxSeen } satisfies StreamCursor,
    });
    if (!nextAfter) break;
    after = nextAfter;
  }
  // Pass complete: the next run starts from the newest update seen, minus a little overlap.
  const nextFrom = maxSeen ? new Date(Date.parse(maxSeen) - OVERLAP_MS).toISOString() : updatedFrom;
  await session.commitPage(async () => 0, {
    orders: {
      phase: 'incremental',
      updatedFrom: nextFrom,
      after: null,
      maxSeen: null,
    } satisfies StreamCursor,
  });
}

async function bulkCustomers(
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
    customers: {
      phase: 'incremental',
      updatedFrom: new Date(
        Date.parse(current.bulkStartedAt ?? session.now().toISOString()) - 5 * 60_000,
      ).toISOString(),
      after: null,
      maxSeen: null,
    } satisfies StreamCursor,
  });
}

async function incrementalCustomers(
  session: SyncSession,
  client: ShopifyClient,
  shop: ShopContext,
  state: StreamCursor,
): Promise<void> {
  let { after = null, maxSeen = null } = state;
  const updatedFrom = state.updatedFrom ?? null;
  for (;;) {
    session.throwIfAborted();
    const data = await client.query(
      SYNC_CUSTOMERS_QUERY,
      { first: CUSTOMER_PAGE_SIZE, after, query: updatedFrom ? `updated_at:>='${updatedFrom}'` : null },
      SyncCustomersDataSchema,
    );
    const rows = data.customers.nodes.map((customer) => mapCustomer(shop, customer));
    for (const customer of data.customers.nodes)
      maxSeen = later(maxSeen, customer.updatedAt ?? customer.createdAt);
    const { hasNextPage, endCursor } = data.customers.pageInfo;
    const nextAfter = hasNextPage && endCursor ? endCursor : null;
    await session.commitPage((db) => upsertRows(db, CUSTOMER_SPEC, rows), {
      customers: { phase: 'incremental', updatedFrom, after: nextAfter, maxSeen } satisfies StreamCursor,
    });
    if (!nextAfter) break;
    after = nextAfter;
  }
  const nextFrom = maxSeen ? new Date(Date.parse(maxSeen) - OVERLAP_MS).toISOString() : updatedFrom;
  await session.commitPage(async () => 0, {
    customers: {
      phase: 'incremental',
      updatedFrom: nextFrom,
      after: null,
      maxSeen: null,
    } satisfies StreamCursor,
  });
}

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
