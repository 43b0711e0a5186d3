/**
 * One analysis run at the large demo preset (~1M orders, 100k customers): the core models and
 * detectors on the store's facts plus writing the run-tagged snapshot and refreshing opportunities
 * (design §8 budget: < 30 s on 2 cores). Reading the facts from the warehouse is left out (the
 * warehouse backfill bench fills it); the facts come straight from the generator. Prints the run
 * time and each step's time.
 *
 * Database: DATABASE_URL (a fresh database is created and dropped) or in-memory PGlite.
 * Options: BENCH_PRESET=small|medium|large (default large), BENCH_SEED (default 42).
 */
import { sql } from 'drizzle-orm';
import { generateStore } from '../src/demo/generate-store.ts';
import type { PresetName } from '../src/demo/model.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { queryRows } from '../src/server/db/query-rows.ts';
import { runAnalysis } from '../src/server/services/run-analysis.ts';
import { buildDemoFacts } from '../test/opportunities/demo-facts.ts';
import { createTestDatabase } from '../test/support/test-database.ts';

const preset = (process.env.BENCH_PRESET ?? 'large') as PresetName;
const seed = Number(process.env.BENCH_SEED ?? 42);
const seconds = (ms: number) => (ms / 1000).toFixed(1);

let started = performance.now();
const store = generateStore({ seed, preset });
const facts = buildDemoFacts(store);
console.log(
  `store: ${preset} preset, ${facts.orders.length} orders, ${store.customers.length} customers (generated in ${seconds(performance.now() - started)} s)`,
);

const testDatabase = await createTestDatabase();
await migrateDatabase(testDatabase.database);
const db = testDatabase.database.db;
const [workspace] = await queryRows<{ id: string }>(
  db,
  sql`INSERT INTO workspaces (name) VALUES ('bench') RETURNING id`,
);
console.log(`database: ${testDatabase.database.kind}`);

started = performance.now();
const cpuBefore = process.cpuUsage();
const summary = await runAnalysis({ db, clock: () => new Date() }, workspace!.id, 'test', facts);
const totalMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const cpuMs = (cpu.user + cpu.system) / 1000;
const [run] = await queryRows<{ diagnostics: { timingsMs?: Record<string, number>; writeMs?: number } }>(
  db,
  sql`SELECT diagnostics FROM analysis_runs WHERE id = ${summary.runId}`,
);
console.log(
  `analysis run: ${summary.status}, ${seconds(totalMs)} s wall, ${seconds(cpuMs)} s CPU of this process (budget < 30 s; wall exceeds CPU on a busy machine), ${summary.opportunities} opportunities`,
);
const timings = run?.diagnostics.timingsMs ?? {};
for (const [step, ms] of Object.entries(timings)) console.log(`  ${step.padEnd(18)} ${seconds(ms)} s`);
console.log(`  ${'write snapshot'.padEnd(18)} ${seconds(run?.diagnostics.writeMs ?? 0)} s`);
if (summary.error) console.log(`error: ${summary.error}`);
await testDatabase.drop();
