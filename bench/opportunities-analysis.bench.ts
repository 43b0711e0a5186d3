/**
 * One analysis run at the large demo preset (~1M orders, 100k customers): the core models and
 * detectors on the store's facts plus writing the run-tagged snapshot and refreshing opportunities
 * (design §8 budget: < 30 s on 2 cores; issue 18: < 10 s with no event-loop stall > 50 ms). Prints
 * the run's wall and CPU time, each step's time, the event loop's longest stall during the run (the
 * computation runs on a worker thread, so HTTP requests would wait at most that long) beside the
 * longest stall of the same loop idle for 3 s before the run (what the machine alone causes), and
 * the machine's load average (figures on a busy machine are not the budget's).
 *
 * Facts: BENCH_FACTS=generator (default) hands the run the generator's facts, so reading the
 * warehouse is left out and the main thread writes the snapshot; BENCH_FACTS=warehouse first seeds
 * the warehouse (not timed) and then times a real run, reading the facts included: issue 18's
 * figure. On PostgreSQL that run reads the facts and writes the snapshot on the worker thread
 * (decision 071); the generated store is released first, so the bench's heap is an API process's.
 * Seeding (support/seed-warehouse.ts), BENCH_SEED_MODE: 'direct' (default) runs the sync's own
 * functions against the Shopify emulator with the orders from one bulk export written straight
 * through the sync's mapping and upserts (the refund details, no analysis input, left out);
 * 'emulator' runs the whole real sync (far slower: a large seed had 5,000 orders in after 8 min). Either
 * way the seeded warehouse's revenue orders and their total are checked against the generator.
 * BENCH_DATABASE=name keeps the seeded warehouse in a PostgreSQL database of that name between runs
 * (seeded by the first run: a few minutes at the large preset; later runs only time the analysis).
 * The facts the run reads are kept per order day (decision 084): before the run, the orders of the
 * last BENCH_TOUCHED_DAYS (2) days are written again, as a day's sync writes them, and the run
 * recomputes those days; BENCH_TOUCHED_DAYS=all marks every day and customer (the first run after
 * seeding or after migration 0430).
 *
 * Code: BENCH_COMPILED=1 builds dist/ (scripts/build-server.mjs) and runs the analysis from it, as
 * `npm start` does (decision 018): the worker then loads plain JavaScript, not TypeScript through tsx.
 *
 * Database: DATABASE_URL (a fresh database is created and dropped, unless BENCH_DATABASE) or
 * in-memory PGlite. Options: BENCH_PRESET=small|medium|large (default large), BENCH_SEED
 * (default 42), BENCH_FACTS, BENCH_SEED_MODE, BENCH_DATABASE, BENCH_COMPILED, BENCH_TOUCHED_DAYS.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AnalysisFacts } from '../src/core/pipeline/types.ts';
import { generateStore } from '../src/demo/generate-store.ts';
import type { PresetName } from '../src/demo/model-terms.ts';
import { createAppCaches } from '../src/server/caches.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { queryRows } from '../src/server/db/query-rows.ts';
import { primaryOnly } from '../src/server/db/read-replica.ts';
import { loadEnv } from '../src/server/env.ts';
import type { AppDeps } from '../src/server/http/deps.ts';
import { createLogger } from '../src/server/log.ts';
import { integrationContextOf } from '../src/server/platform/integrations/integration-context.ts';
import { createAppResources } from '../src/server/platform/resources/app-resources.ts';
import { resolveSecrets } from '../src/server/secrets.ts';
import { buildDemoFacts } from '../test/opportunities/demo-facts.ts';
import { benchDatabase } from './support/kept-database.ts';
import { checkSeed, seedWarehouse } from './support/seed-warehouse.ts';

const preset = (process.env.BENCH_PRESET ?? 'large') as PresetName;
const seed = Number(process.env.BENCH_SEED ?? 42);
const fromWarehouse = process.env.BENCH_FACTS === 'warehouse';
const seedMode = process.env.BENCH_SEED_MODE === 'emulator' ? 'emulator' : 'direct';
if (process.env.BENCH_DATABASE && !fromWarehouse)
  throw new Error('BENCH_DATABASE keeps a seeded warehouse: set BENCH_FACTS=warehouse');
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

// Compiled (what `npm start` runs, decision 018): the run's modules and the worker are dist/'s
// plain JavaScript, built here first; otherwise the sources through tsx, worker included.
const compiled = process.env.BENCH_COMPILED === '1';
if (compiled)
  execFileSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: new URL('../', import.meta.url),
    stdio: 'inherit',
  });
const from = compiled ? '../dist/server/features/analysis/' : '../src/server/features/analysis/';
const extension = compiled ? 'js' : 'ts';
const { runAnalysis } = (await import(
  `${from}run-analysis.${extension}`
)) as typeof import('../src/server/features/analysis/run-analysis.ts');
console.log(`code: ${compiled ? 'compiled (dist/, plain JavaScript)' : 'sources through tsx'}`);

let started = performance.now();
const bench = await benchDatabase(process.env.BENCH_DATABASE);
const { database } = bench;
// A kept warehouse gets the migrations added since it was seeded (none: a few ms).
await migrateDatabase(database);
const env = loadEnv({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO: '0' });
const secrets = resolveSecrets(env, { ephemeral: true });
const clock = () => new Date();
const caches = createAppCaches();
const deps: AppDeps = {
  env,
  database,
  db: database.db,
  reads: primaryOnly(database.db),
  log: createLogger('warn'),
  secrets,
  clock,
  publicUrl: () => 'http://127.0.0.1',
  startedAt: new Date(),
  caches,
  resources: createAppResources(),
  mail: { runtime: undefined },
  integration: integrationContextOf({
    db: database.db,
    env,
    secrets,
    clock,
    tokens: caches.upstreamTokens,
    demo: undefined,
  }),
  demo: undefined,
  // The analysis is called directly: no job runs in this bench.
  jobs: { handlers: [], schedules: [] },
};
const Workspace = z.object({ id: z.string() });
// A kept database's workspace is named 'bench' once its warehouse is seeded and checked.
const [kept] = bench.reused
  ? await queryRows(deps.db, Workspace, sql`SELECT id FROM workspaces WHERE name = 'bench'`)
  : [];
if (bench.reused && !kept)
  throw new Error(`BENCH_DATABASE ${process.env.BENCH_DATABASE} was never seeded completely: drop it`);
let facts: AnalysisFacts | undefined;
let workspaceId: string;
if (kept) {
  workspaceId = kept.id;
  console.log(`database: kept ${process.env.BENCH_DATABASE}, seeded by an earlier run; facts: warehouse`);
} else {
  const store = generateStore({ seed, preset });
  console.log(
    `store: ${preset} preset, ${store.orders.count} orders, ${store.customers.length} customers (generated in ${seconds(performance.now() - started)} s)`,
  );
  const [workspace] = await queryRows(
    deps.db,
    Workspace,
    sql`WITH t AS (INSERT INTO teams (name) VALUES ('bench') RETURNING id)
        INSERT INTO workspaces (name, team_id) SELECT 'bench (seeding)', id FROM t RETURNING id`,
  );
  workspaceId = workspace!.id;
  console.log(`database: ${database.kind}; facts: ${fromWarehouse ? 'warehouse' : 'generator'}`);
  if (fromWarehouse) {
    started = performance.now();
    await seedWarehouse(deps, workspaceId, store, seedMode);
    console.log(
      `warehouse seeded (${seedMode}) in ${seconds(performance.now() - started)} s (not part of the run)`,
    );
    console.log(await checkSeed(deps.db, workspaceId, store));
  } else facts = buildDemoFacts(store);
  await deps.db.execute(sql`UPDATE workspaces SET name = 'bench' WHERE id = ${workspaceId}`);
  // The generated store is released here (out of scope): the run's heap is an API process's.
}

if (fromWarehouse) {
  // The fact tables are kept per order day and refreshed for the days written since the last run
  // (decision 084). A run after a day's sync: the orders of the last BENCH_TOUCHED_DAYS days are
  // written again (an update of every one of them: every statement trigger fires), as a sync's
  // upsert writes them. BENCH_TOUCHED_DAYS=all marks every day: a first run after seeding.
  const touched = process.env.BENCH_TOUCHED_DAYS ?? '2';
  if (touched !== 'all' && !/^\d+$/.test(touched))
    throw new Error(`BENCH_TOUCHED_DAYS is a number of days or "all", not "${touched}"`);
  if (touched === 'all')
    // Every day and every customer, as migration 0430 marks an existing warehouse.
    await deps.db.execute(
      sql`WITH days AS (
            INSERT INTO wh_fact_dirty_days (workspace_id, order_date)
            SELECT DISTINCT workspace_id, order_date FROM wh_orders WHERE workspace_id = ${workspaceId})
          INSERT INTO wh_fact_dirty_customers (workspace_id, customer_id)
          SELECT DISTINCT workspace_id, customer_id FROM wh_orders
          WHERE workspace_id = ${workspaceId} AND customer_id IS NOT NULL`,
    );
  else
    await deps.db.execute(
      sql`UPDATE wh_orders SET updated_at = updated_at
          WHERE workspace_id = ${workspaceId}
            AND order_date > (SELECT max(order_date) FROM wh_orders WHERE workspace_id = ${workspaceId}) - ${Number(touched)}::int`,
    );
  const [marked] = await queryRows(
    deps.db,
    z.object({ days: z.number() }),
    sql`SELECT count(DISTINCT order_date)::int AS days FROM wh_fact_dirty_days WHERE workspace_id = ${workspaceId}`,
  );
  console.log(
    `order days written since the last run: ${marked?.days} (BENCH_TOUCHED_DAYS=${touched}; their per-day facts are recomputed by the run)`,
  );
}
console.log(`load average before the run: ${load()}`);
// The same monitor over 3 s with nothing to do: what the machine alone (other processes taking
// the cores) makes the loop wait, to read the run's figure against.
const idleDelay = monitorEventLoopDelay({ resolution: 10 });
idleDelay.enable();
await new Promise((resolve) => setTimeout(resolve, 3000));
idleDelay.disable();
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
started = performance.now();
const cpuBefore = process.cpuUsage();
const summary = await runAnalysis(deps, workspaceId, 'test', facts);
const totalMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
loopDelay.disable();
const cpuMs = (cpu.user + cpu.system) / 1000;
const RunDiagnostics = z.object({
  timingsMs: z.record(z.string(), z.number()).optional(),
  loadMs: z.number().optional(),
  workerMs: z.number().optional(),
  writeMs: z.number().optional(),
  profitMs: z.number().optional(),
});
const [run] = await queryRows(
  deps.db,
  z.object({ diagnostics: RunDiagnostics.nullable() }),
  sql`SELECT diagnostics FROM analysis_runs WHERE id = ${summary.runId}`,
);
console.log(
  `analysis run: ${summary.status}, ${seconds(totalMs)} s wall, ${seconds(cpuMs)} s CPU of this process, worker thread included (budget < 10 s, issue 18; wall exceeds CPU on a busy machine), ${summary.opportunities} opportunities`,
);
const ms = (ns: number) => `${Math.round(ns / 1e6)} ms`;
console.log(
  `event loop during the run: longest stall ${ms(loopDelay.max)}, p99 ${ms(loopDelay.percentile(99))}, mean ${ms(loopDelay.mean)} ` +
    `(budget < 50 ms; idle for 3 s before the run, with nothing to do: longest ${ms(idleDelay.max)}, p99 ${ms(idleDelay.percentile(99))})`,
);
const diagnostics = run?.diagnostics ?? {};
// The run reads and writes on the worker thread on PostgreSQL when it was not handed its facts.
const onWorker = fromWarehouse && database.kind === 'postgres';
console.log(
  `  ${'load facts'.padEnd(18)} ${fromWarehouse ? `${seconds(diagnostics.loadMs ?? 0)} s${onWorker ? ' (on the worker)' : ''}` : 'not measured (BENCH_FACTS=warehouse)'}`,
);
for (const [step, stepMs] of Object.entries(diagnostics.timingsMs ?? {}))
  console.log(`  ${step.padEnd(18)} ${seconds(stepMs)} s`);
if (diagnostics.workerMs !== undefined)
  console.log(
    `  ${'worker round trip'.padEnd(18)} ${seconds(diagnostics.workerMs)} s (the steps above plus handing ${onWorker ? 'the task and its answer' : 'the facts over and the snapshot back'})`,
  );
console.log(
  `  ${'write snapshot'.padEnd(18)} ${seconds(diagnostics.writeMs ?? 0)} s${onWorker ? ' (on the worker)' : ''}`,
);
console.log(
  `  ${'profit context'.padEnd(18)} ${seconds(diagnostics.profitMs ?? 0)} s${onWorker ? ' (on the worker)' : ''}`,
);
// What follows the worker's answer on the main thread: the opportunities, the run's row, pruning.
const roundTripMs =
  (diagnostics.loadMs ?? 0) +
  (diagnostics.workerMs ?? 0) +
  (diagnostics.writeMs ?? 0) +
  (diagnostics.profitMs ?? 0);
console.log(
  `  ${'after the worker'.padEnd(18)} ${seconds(totalMs - roundTripMs)} s (opportunities, run row, pruning old runs)`,
);
console.log(`load average after the run: ${load()}`);
if (summary.error) console.log(`error: ${summary.error}`);
await deps.resources.stop();
await bench.release();
