import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DemoStore } from '../../src/demo/model.ts';
import { startDemoEmulators } from '../../src/demo/start-demo-emulators.ts';
import type { Db } from '../../src/server/db/client.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { refreshContributionRollups } from '../../src/server/domain/contribution/rebuild-contribution-rollups.ts';
import { loadCostBook } from '../../src/server/domain/costs/load-cost-book.ts';
import { priceOrderRows, SHIPPING_COST_SPEC } from '../../src/server/domain/costs/price-order-rows.ts';
import { storeShopifyCredentials } from '../../src/server/domain/credentials/manage-shopify-credentials.ts';
import type { SyncOutcome, SyncSession } from '../../src/server/domain/sync/sync-run.ts';
import { runSourceSync } from '../../src/server/domain/sync/sync-run.ts';
import {
  bulkOrdersQuery,
  SyncLineItemSchema,
  SyncOrderSchema,
} from '../../src/server/domain/warehouse/shopify-documents.ts';
import { TRANSACTION_SPEC } from '../../src/server/domain/warehouse/shopify-profit-rows.ts';
import {
  LINE_ITEM_SPEC,
  mapLineItem,
  mapOrder,
  ORDER_SPEC,
  type OrderRows,
  REFUND_SPEC,
  TOUCHPOINT_SPEC,
} from '../../src/server/domain/warehouse/shopify-rows.ts';
import { parseShopifyId, type UpsertRow, upsertRows } from '../../src/server/domain/warehouse/upsert-rows.ts';
import {
  incrementalAfterBulk,
  startBulkQuery,
  streamBulkResult,
  waitForBulkQuery,
} from '../../src/server/features/warehouse-sync/shopify/shopify-stream.ts';
import {
  bulkCustomers,
  loadShopifyClient,
  syncProducts,
  syncShopify,
  writeShop,
} from '../../src/server/features/warehouse-sync/shopify/shopify-sync.ts';
import type { AppDeps } from '../../src/server/http/deps.ts';
import { integrationContextOf } from '../../src/server/platform/integrations/integration-context.ts';

/**
 * Backfills the workspace's warehouse from the Shopify emulator serving `store`, through the real
 * sync job ('emulator': at load 12, 5,000 of the large preset's orders in 8 minutes), or with the sync's own pieces in one pass ('direct', the default):
 * the shop, products and customers by the sync's functions, the orders from ONE bulk export of the
 * same query, each JSONL line checked and mapped by the sync's schemas and `mapOrder`/`mapLineItem`
 * and written by `upsertRows` with the sync's specs, four pages in flight. Left out of 'direct':
 * the refund details (refund lines and refunded shipping: no analysis input) and the per-page
 * resume cursor. Either way the contribution rollups are brought up to date as the analysis job
 * does before its run (not timed by the bench).
 */
export async function seedWarehouse(
  deps: AppDeps,
  workspaceId: string,
  store: DemoStore,
  mode: 'direct' | 'emulator',
): Promise<void> {
  const demo = await startDemoEmulators({
    store,
    shopifyBucket: { maximumAvailable: 20_000, restoreRate: 2_000 },
  });
  try {
    const demoRuntime = { baseUrls: demo.baseUrls, credentials: demo.credentials };
    const syncDeps = {
      ...deps,
      demo: demoRuntime,
      integration: integrationContextOf({ ...deps, tokens: deps.caches.upstreamTokens, demo: demoRuntime }),
    };
    await storeShopifyCredentials(syncDeps.integration, workspaceId, {
      shopDomain: demo.credentials.shopify.shopDomain,
      accessToken: demo.credentials.shopify.accessToken,
    });
    await runSourceSync(
      syncDeps,
      { workspaceId, source: 'shopify', signal: new AbortController().signal },
      mode === 'emulator' ? syncShopify : seedShopifyDirect,
    );
  } finally {
    await demo.close();
  }
  await refreshContributionRollups(deps, workspaceId);
}

const PAGE_ORDERS = 5_000;
const PAGES_IN_FLIGHT = 4;

async function seedShopifyDirect(session: SyncSession): Promise<SyncOutcome> {
  const startedAt = session.now();
  const { signal } = session;
  const { client, shopDomain } = await loadShopifyClient(session);
  const shop = await writeShop(session, client, shopDomain);
  await syncProducts(session, client, shop);
  await bulkCustomers(session, client, shop, { phase: 'bulk' });
  const book = await loadCostBook(session.deps.db, session.workspaceId);
  const bulkId = await startBulkQuery(client, bulkOrdersQuery(null), { signal });
  const { url } = await waitForBulkQuery(client, bulkId, { signal });
  const orderDates = new Map<number, string>();
  let page = { orders: [] as UpsertRow[], lines: [] as UpsertRow[], rows: [] as OrderRows[] };
  const inFlight: Promise<number>[] = [];
  const flush = async () => {
    const full = page;
    page = { orders: [], lines: [], rows: [] };
    while (inFlight.length >= PAGES_IN_FLIGHT) await inFlight.shift();
    inFlight.push(
      session.commitPage(async (db) => {
        const shipping = priceOrderRows(book, full.orders, full.lines);
        let rows = await upsertRows(db, ORDER_SPEC, full.orders);
        rows += await upsertRows(db, LINE_ITEM_SPEC, full.lines);
        rows += await upsertRows(db, SHIPPING_COST_SPEC, shipping);
        rows += await upsertRows(
          db,
          REFUND_SPEC,
          full.rows.flatMap((r) => r.refunds),
        );
        rows += await upsertRows(
          db,
          TRANSACTION_SPEC,
          full.rows.flatMap((r) => r.transactions),
        );
        rows += await upsertRows(
          db,
          TOUCHPOINT_SPEC,
          full.rows.flatMap((r) => r.touchpoints),
        );
        return rows;
      }, {}),
    );
  };
  if (url)
    await streamBulkResult(
      url,
      (value) => {
        const parentId = value.__parentId;
        if (typeof parentId === 'string') {
          const orderId = parseShopifyId(parentId);
          const orderDate = orderDates.get(orderId);
          if (orderDate)
            page.lines.push(mapLineItem(shop, orderId, orderDate, SyncLineItemSchema.parse(value)));
          return undefined;
        }
        const write = page.orders.length >= PAGE_ORDERS ? flush() : undefined;
        const rows = mapOrder(shop, SyncOrderSchema.parse(value));
        orderDates.set(rows.order.order_id as number, rows.order.order_date as string);
        page.orders.push(rows.order);
        page.rows.push(rows);
        return write;
      },
      { signal },
    );
  await flush();
  for (const written of inFlight) await written;
  await session.commitPage(async () => 0, {
    orders: incrementalAfterBulk(startedAt.toISOString(), session.now()),
  });
  return { dataThrough: startedAt, backfillCompleted: true };
}

/**
 * The warehouse's revenue orders (not test, not cancelled) and their total against the
 * generator's ground truth: the seed is the store the generator made, or the bench stops.
 */
export async function checkSeed(db: Db, workspaceId: string, store: DemoStore): Promise<string> {
  const truth = store.groundTruth.channels.reduce(
    (sum, channel) => ({
      orders: sum.orders + channel.orders,
      totalMinor: sum.totalMinor + channel.revenueMinor,
    }),
    { orders: 0, totalMinor: 0 },
  );
  const [seeded] = await queryRows(
    db,
    z.object({ orders: z.number(), total_minor: z.number(), lines: z.number(), customers: z.number() }),
    sql`SELECT (SELECT count(*)::int FROM wh_orders o WHERE o.workspace_id = ${workspaceId}
                  AND NOT o.test AND o.cancelled_at IS NULL) AS orders,
               (SELECT coalesce(sum(total_minor), 0)::float8 FROM wh_orders o WHERE o.workspace_id = ${workspaceId}
                  AND NOT o.test AND o.cancelled_at IS NULL) AS total_minor,
               (SELECT count(*)::int FROM wh_order_line_items WHERE workspace_id = ${workspaceId}) AS lines,
               (SELECT count(*)::int FROM wh_customers WHERE workspace_id = ${workspaceId}) AS customers`,
  );
  const figures = `${seeded!.orders} revenue orders totalling ${seeded!.total_minor} minor units (generator: ${truth.orders}, ${truth.totalMinor}); ${seeded!.lines} lines, ${seeded!.customers} customers`;
  if (seeded!.orders !== truth.orders || seeded!.total_minor !== truth.totalMinor)
    throw new Error(`the seeded warehouse is not the generated store: ${figures}`);
  return `seed checked: ${figures}`;
}
