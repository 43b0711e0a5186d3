/**
 * How many source files one Shopify sync visits (issue #37: "one sync run visits 25 files with 61
 * returns to a file already left"; goal ≤ 12). Runs one full sync of the small demo store from the
 * Shopify emulator into a fresh database, through the same `runSourceSync(…, syncShopify)` the job
 * runs, under the V8 inspector (decision 168):
 *
 * - files visited: the src/server files with at least one function executed during the sync
 *   (precise coverage, started after every module is loaded, so an import alone does not count);
 *   printed for the sync's own path (features/warehouse-sync, domain/warehouse, domain/sync,
 *   connectors/shopify, connectors/http, jobs) and for all of src/server;
 * - returns to a file already left: the sync's call tree (CPU profile, 50 µs samples), each frame
 *   named by the innermost sync-path file on its stack, walked depth-first as a reader follows the
 *   calls and comes back from them: every step into a file already visited counts. Sampled, so very short
 *   calls may be missed: compare runs on the same machine, not to the digit.
 *
 * Database: DATABASE_URL (a fresh database is created and dropped) or in-memory PGlite.
 */
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { startDemoEmulators } from '../src/demo/start-demo-emulators.ts';
import { queryRows } from '../src/server/db/query-rows.ts';
import { runSourceSync } from '../src/server/domain/sync/sync-run.ts';
import { syncShopify } from '../src/server/features/warehouse-sync/shopify/shopify-sync.ts';
import { shopifySyncDeps } from './support/shopify-sync-deps.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const SYNC_PATH = [
  'src/server/features/warehouse-sync/',
  'src/server/domain/warehouse/',
  'src/server/domain/sync/',
  'src/server/connectors/shopify/',
  'src/server/connectors/http/',
  'src/server/jobs/',
];
const fileOf = (url: string): string | undefined =>
  url.startsWith('file://') ? relative(root, fileURLToPath(url)) : undefined;
const onSyncPath = (file: string | undefined): file is string =>
  file !== undefined && SYNC_PATH.some((prefix) => file.startsWith(prefix));

const demo = await startDemoEmulators({
  preset: 'small',
  seed: 42,
  shopifyBucket: { maximumAvailable: 20_000, restoreRate: 2_000 },
});
const { deps, workspaceId, testDatabase } = await shopifySyncDeps(demo);

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
await session.post('Profiler.takePreciseCoverage'); // resets the counts: module loading is not the sync
await session.post('Profiler.setSamplingInterval', { interval: 50 });
await session.post('Profiler.start');
const started = performance.now();
await runSourceSync(
  deps,
  { workspaceId, source: 'shopify', signal: new AbortController().signal },
  syncShopify,
);
const elapsedMs = performance.now() - started;
const { profile } = await session.post('Profiler.stop');
const { result: coverage } = await session.post('Profiler.takePreciseCoverage');
session.disconnect();

const executed = new Set<string>();
for (const script of coverage) {
  const file = fileOf(script.url);
  if (
    file?.startsWith('src/server/') &&
    script.functions.some((fn) => fn.ranges.some((range) => range.count > 0))
  )
    executed.add(file);
}
const syncFiles = [...executed].filter(onSyncPath).sort();

// The call tree, each node named by the innermost sync-path file on its stack, walked depth-first.
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
let returns = 0;
let steps = 0;
const seen = new Set<string>();
let at: string | undefined;
const moveTo = (file: string | undefined) => {
  if (file === undefined || file === at) return;
  steps += 1;
  if (seen.has(file)) returns += 1;
  seen.add(file);
  at = file;
};
const walk = (id: number, current: string | undefined) => {
  const node = nodes.get(id);
  if (!node) return;
  const own = fileOf(node.callFrame.url);
  const file = onSyncPath(own) ? own : current;
  moveTo(file);
  for (const child of node.children ?? []) {
    walk(child, file);
    moveTo(file); // back in the caller's file after the call
  }
};
walk(profile.nodes[0]?.id ?? 0, undefined);

const [orders] = await queryRows(
  deps.db,
  z.object({ n: z.number() }),
  sql`SELECT count(*)::int AS n FROM wh_orders WHERE workspace_id = ${workspaceId}`,
);
console.log(
  `one Shopify sync of the small demo store: ${Number(orders?.n ?? 0)} orders in ${(elapsedMs / 1000).toFixed(1)} s`,
);
console.log(`files visited on the sync's path: ${syncFiles.length}`);
for (const file of syncFiles) console.log(`  ${file}`);
console.log(`files visited in src/server: ${executed.size}, besides the sync's path:`);
for (const file of [...executed].filter((file) => !onSyncPath(file)).sort()) console.log(`  ${file}`);
console.log(`call-tree steps between sync-path files: ${steps}, returns to a file already left: ${returns}`);
console.log(
  `load average (1, 5, 15 min): ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`,
);

await deps.resources.stop();
await testDatabase.drop();
await demo.close();
