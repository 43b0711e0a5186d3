import type { z } from 'zod';
import type { ShopifyClient } from '../../../connectors/shopify/client.ts';
import type { Db } from '../../../db/client.ts';
import type { CostBook } from '../../../domain/costs/load-cost-book.ts';
import { priceOrderRows, SHIPPING_COST_SPEC } from '../../../domain/costs/price-order-rows.ts';
import type { SyncSession } from '../../../domain/sync/sync-run.ts';
import {
  bulkOrdersQuery,
  ORDER_LINE_ITEMS_QUERY,
  ORDERS_SPAN_QUERY,
  OrderLineItemsDataSchema,
  OrdersSpanDataSchema,
  REFUND_DETAILS_QUERY,
  type RefundDetails,
  RefundDetailsDataSchema,
  SYNC_ORDERS_QUERY,
  type SyncLineItem,
  SyncLineItemSchema,
  type SyncOrder,
  SyncOrderSchema,
  SyncOrdersDataSchema,
} from '../../../domain/warehouse/shopify-documents.ts';
import {
  mapRefundDetails,
  REFUND_LINE_SPEC,
  type ShopMoneyContext,
  TRANSACTION_SPEC,
} from '../../../domain/warehouse/shopify-profit-rows.ts';
import {
  LINE_ITEM_SPEC,
  mapLineItem,
  mapOrder,
  ORDER_SPEC,
  type OrderRows,
  REFUND_SPEC,
  type ShopContext,
  TOUCHPOINT_SPEC,
} from '../../../domain/warehouse/shopify-rows.ts';
import { parseShopifyId, type UpsertRow, upsertRows } from '../../../domain/warehouse/upsert-rows.ts';
import { syncTuning } from '../sync-tuning.ts';
import {
  BulkEndedError,
  incrementalAfterBulk,
  later,
  MAX_SLICES,
  PAGES_IN_FLIGHT,
  runIncrementalStream,
  type StreamCursor,
  startBulkQuery,
  streamBulkResult,
  waitForBulkQuery,
} from './shopify-stream.ts';

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
  // SHOPIFY_BACKFILL_PAGE_ORDERS when the owner set it, else the sync's tuning.
  const pageOrders = session.deps.env.shopifyBackfillPageOrders ?? syncTuning.bulkPageOrders;
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
          const write = batch.orders.length >= pageOrders ? flush() : undefined;
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
export async function waitForExport(
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
export async function bulkOrders(
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
  const next = incrementalAfterBulk(current.bulkStartedAt, session.now());
  await session.commitPage(async () => 0, { orders: next });
  return next;
}

export async function incrementalOrders(
  session: SyncSession,
  client: ShopifyClient,
  shop: ShopContext,
  book: CostBook,
  state: StreamCursor,
): Promise<void> {
  await runIncrementalStream(session, 'orders', state, async (after, query) => {
    const data = await client.query(
      SYNC_ORDERS_QUERY,
      { first: syncTuning.orderPageSize, after, query },
      SyncOrdersDataSchema,
    );
    const page = emptyOrderPage();
    let newest: string | null = null;
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
      newest = later(newest, order.updatedAt);
    }
    page.refundLines = await fetchRefundDetails(client, shop, page.refunds);
    const { hasNextPage, endCursor } = data.orders.pageInfo;
    return {
      write: (db) => writeOrders(db, book, page),
      newest,
      nextAfter: hasNextPage && endCursor ? endCursor : null,
    };
  });
}

/** Orders per refund-details query (≈ 100 cost points each: see REFUND_DETAILS_QUERY). */
const ORDERS_PER_QUERY = 9;
const LINES_PER_REFUND = 20;
/** A refund with more lines is read again with its order alone, up to this many lines. */
const LINES_PER_REFUND_ALONE = 200;

async function queryRefunds(
  client: ShopifyClient,
  orderIds: readonly number[],
  linesFirst: number,
): Promise<Map<number, RefundDetails>> {
  const data = await client.query(
    REFUND_DETAILS_QUERY,
    { first: orderIds.length, query: orderIds.map((id) => `id:${id}`).join(' OR '), linesFirst },
    RefundDetailsDataSchema,
  );
  return new Map(data.orders.nodes.map((order) => [parseShopifyId(order.id), order.refunds]));
}

/**
 * Reads the lines (with restock) and refunded shipping of the refunds in `refunds` (a page's
 * refund rows), a few orders per query. Returns the refund line rows and sets each refund row's
 * `shipping_minor`. A refund of more than LINES_PER_REFUND_ALONE lines fails the page rather than
 * leave returns short.
 */
export async function fetchRefundDetails(
  client: ShopifyClient,
  shop: ShopMoneyContext,
  refunds: readonly UpsertRow[],
): Promise<UpsertRow[]> {
  const daysByOrder = new Map<number, Map<number, string>>();
  for (const refund of refunds) {
    const orderId = refund.order_id as number;
    const days = daysByOrder.get(orderId) ?? new Map<number, string>();
    days.set(refund.refund_id as number, refund.refund_date as string);
    daysByOrder.set(orderId, days);
  }
  const orderIds = [...daysByOrder.keys()];
  const details = new Map<number, RefundDetails>();
  for (let start = 0; start < orderIds.length; start += ORDERS_PER_QUERY) {
    const found = await queryRefunds(
      client,
      orderIds.slice(start, start + ORDERS_PER_QUERY),
      LINES_PER_REFUND,
    );
    for (const [orderId, list] of found) {
      const long = list.some((refund) => refund.refundLineItems.pageInfo?.hasNextPage);
      if (!long) {
        details.set(orderId, list);
        continue;
      }
      const alone = (await queryRefunds(client, [orderId], LINES_PER_REFUND_ALONE)).get(orderId) ?? [];
      if (alone.some((refund) => refund.refundLineItems.pageInfo?.hasNextPage))
        throw new Error(`order ${orderId} has a refund of more than ${LINES_PER_REFUND_ALONE} lines`);
      details.set(orderId, alone);
    }
  }
  const shippingByRefund = new Map<number, number>();
  const lines: UpsertRow[] = [];
  for (const [orderId, list] of details) {
    const mapped = mapRefundDetails(shop, orderId, list, daysByOrder.get(orderId) ?? new Map());
    lines.push(...mapped.lines);
    for (const [refundId, amount] of mapped.shippingByRefund) shippingByRefund.set(refundId, amount);
  }
  for (const refund of refunds)
    refund.shipping_minor = shippingByRefund.get(refund.refund_id as number) ?? null;
  return lines;
}
