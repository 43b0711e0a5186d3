/**
 * Shopify backfill of the large demo preset (~1M orders, 100k customers) from the emulator into
 * the warehouse, through the real sync job (date-sliced bulk operations → JSONL streams → batched
 * upserts, the next slice exported while one loads). Prints the total time (design §8 budget:
 * < 3 min), the emulator's export rate (from the bulk operations' own start and end), the load
 * rate and the load average. Bounded: the sync is aborted after BENCH_LIMIT_S seconds (default
 * 360) and what was done so far is printed.
 *
 * Database: DATABASE_URL (a fresh database is created and dropped) or in-memory PGlite.
 * Options: BENCH_PRESET=small|medium|large (default large).
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PresetName } from '../src/demo/model-terms.ts';
import { startDemoEmulators } from '../src/demo/start-demo-emulators.ts';
import { createShopifyClient } from '../src/server/connectors/shopify/client.ts';
import { queryRows } from '../src/server/db/query-rows.ts';
import { runSourceSync } from '../src/server/domain/sync/sync-run.ts';
import {
  BULK_BY_ID_QUERY,
  BulkByIdDataSchema,
  CURRENT_BULK_QUERY,
  CurrentBulkDataSchema,
} from '../src/server/domain/warehouse/shopify-documents.ts';
import { syncShopify } from '../src/server/features/warehouse-sync/shopify/shopify-sync.ts';
import { shopifySyncDeps } from './support/shopify-sync-deps.ts';

const preset = (process.env.BENCH_PRESET ?? 'large') as PresetName;
const limitSeconds = Number(process.env.BENCH_LIMIT_S ?? 360);
const seconds = (ms: number) => (ms / 1000).toFixed(1);

const generationStarted = performance.now();
const demo = await startDemoEmulators({
  preset,
  seed: 42,
  // A real Advanced-plan bucket would throttle the few paging queries; bulk is not metered.
  shopifyBucket: { maximumAvailable: 20_000, restoreRate: 2_000 },
});
console.log(
  `store: ${preset} preset, ${demo.store.orders.count} orders, ${demo.store.customers.length} customers (generated in ${seconds(performance.now() - generationStarted)} s)`,
);

const { deps, workspaceId, testDatabase } = await shopifySyncDeps(demo);
console.log(`database: ${testDatabase.database.kind}`);

const controller = new AbortController();
const timer = setTimeout(() => controller.abort(), limitSeconds * 1000);
const countOrders = async () => {
  const [row] = await queryRows(
    deps.db,
    z.object({ n: z.number() }),
    sql`SELECT count(*)::int AS n FROM wh_orders WHERE workspace_id = ${workspaceId}`,
  );
  return Number(row?.n ?? 0);
};

// Watch the cursor: when the first rows land (the wait for the first export) and which bulk
// operations ran (their own timestamps give the emulator's export rate).
let ingestStartedAt: number | undefined;
const bulkIds = new Set<string>();
const watcher = setInterval(() => {
  void queryRows(
    deps.db,
    z.object({ lines: z.string().nullable(), bulk: z.string().nullable(), next: z.string().nullable() }),
    sql`SELECT cursor -> 'orders' ->> 'bulkLinesDone' AS lines, cursor -> 'orders' ->> 'bulkId' AS bulk,
          cursor -> 'orders' ->> 'nextBulkId' AS next
        FROM sync_states WHERE workspace_id = ${workspaceId} AND source = 'shopify'`,
  ).then(([row]) => {
    if (ingestStartedAt === undefined && Number(row?.lines ?? 0) > 0) ingestStartedAt = performance.now();
    if (row?.bulk) bulkIds.add(row.bulk);
    if (row?.next) bulkIds.add(row.next);
  });
}, 100);

const started = performance.now();
let completed = true;
try {
  await runSourceSync(deps, { workspaceId, source: 'shopify', signal: controller.signal }, syncShopify);
} catch (error) {
  completed = false;
  console.log(`sync stopped: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  clearTimeout(timer);
  clearInterval(watcher);
}
const elapsedMs = performance.now() - started;
const orders = await countOrders();
const [lines] = await queryRows(
  deps.db,
  z.object({ n: z.number() }),
  sql`SELECT count(*)::int AS n FROM wh_order_line_items WHERE workspace_id = ${workspaceId}`,
);
console.log(
  `backfill ${completed ? 'completed' : `INCOMPLETE after the ${limitSeconds} s bound`}: ${orders} orders, ${Number(lines?.n ?? 0)} line items in ${seconds(elapsedMs)} s`,
);
console.log(`orders/s: ${Math.round(orders / (elapsedMs / 1000))} (end to end)`);
const client = createShopifyClient({
  tokens: deps.caches.upstreamTokens,
  baseUrl: demo.baseUrls.shopify,
  auth: { kind: 'access_token', accessToken: demo.credentials.shopify.accessToken },
});
let exportedOrders = 0;
let exportSeconds = 0;
for (const id of bulkIds) {
  const { bulkOperation: op } = await client.query(BULK_BY_ID_QUERY, { id }, BulkByIdDataSchema);
  if (!op?.createdAt || !op.completedAt) continue;
  exportedOrders += Number(op.rootObjectCount ?? 0);
  exportSeconds += (Date.parse(op.completedAt) - Date.parse(op.createdAt)) / 1000;
}
if (exportSeconds > 0) {
  console.log(
    `  emulator export: ${bulkIds.size} order slices, ${exportedOrders} orders in ${exportSeconds.toFixed(0)} s of export time = ${Math.round(exportedOrders / exportSeconds)} orders/s (overlapping the load)`,
  );
}
if (ingestStartedAt !== undefined) {
  const waitMs = ingestStartedAt - started;
  const ingestMs = started + elapsedMs - ingestStartedAt;
  console.log(
    `  until the first orders landed (products, customers, first slice export): ${seconds(waitMs)} s`,
  );
  console.log(
    `  from there to the end: ${seconds(ingestMs)} s = ${Math.round(orders / (ingestMs / 1000))} orders/s loaded`,
  );
}
console.log(`budget: < 180 s for ~1M orders (design §8); measured ${seconds(elapsedMs)} s`);
console.log(
  `load average (1, 5, 15 min): ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`,
);
if (!completed) {
  // Where the upstream export stood when the bound was hit (the JSONL is only readable once complete).
  const { currentBulkOperation: op } = await client.query(CURRENT_BULK_QUERY, {}, CurrentBulkDataSchema);
  if (op) {
    console.log(
      `emulator bulk export at the bound: ${op.status}, ${Number(op.objectCount ?? 0)} objects written (${op.id})`,
    );
  }
}

await deps.resources.stop();
await testDatabase.drop();
await demo.close();
