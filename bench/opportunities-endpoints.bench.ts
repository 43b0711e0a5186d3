/**
 * p95 of every dashboard endpoint under concurrent load from a second process (design §8 budget:
 * < 50 ms at 1M orders / 100k customers). The server runs here with the snapshot of one analysis
 * run of the demo store; bench/support/load-client.ts runs in a child process and fires
 * BENCH_REQUESTS requests per endpoint, BENCH_CONCURRENCY at a time.
 *
 * Database: DATABASE_URL (a fresh database is created and dropped) or in-memory PGlite.
 * Options: BENCH_PRESET=small|medium|large (default large), BENCH_REQUESTS (default 400),
 * BENCH_CONCURRENCY (default 8).
 */
import os from 'node:os';
import { generateStore } from '../src/demo/generate-store.ts';
import type { PresetName } from '../src/demo/model-terms.ts';
import { runAnalysis } from '../src/server/features/analysis/run-analysis.ts';
import { buildDemoFacts } from '../test/opportunities/demo-facts.ts';
import { startBenchServer } from './support/bench-server.ts';
import { formatLatencies, requestsSent, runLoadClient } from './support/load-client.ts';

const preset = (process.env.BENCH_PRESET ?? 'large') as PresetName;
const requests = Number(process.env.BENCH_REQUESTS ?? 400);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ENDPOINTS = [
  '/api/opportunities',
  '/api/opportunities/stats?period=30',
  '/api/analytics/revenue-forecast',
  '/api/analytics/customer-segments',
  '/api/analytics/cohort-retention',
  '/api/analytics/attribution',
  '/api/analytics/stock-impact',
  '/api/analysis/status',
];

const bench = await startBenchServer();
const { server, cookie } = bench;
try {
  // The generated store is dropped before the load: a serving process does not hold it.
  await (async () => {
    const store = generateStore({ seed: 42, preset });
    const summary = await runAnalysis(server.deps, bench.workspaceId, 'test', buildDemoFacts(store));
    console.log(
      `snapshot: ${preset} preset, ${store.orders.count} orders, ${store.customers.length} customers, run ${summary.status} in ${(summary.durationMs / 1000).toFixed(1)} s; database ${bench.databaseKind}`,
    );
  })();
  globalThis.gc?.();
  console.log(`server heap before the load: ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MB`);
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  console.log(`load average before the load: ${load()}`);
  console.log(
    `${requests} requests per endpoint, ${concurrency} in flight, from a second process (budget p95 < 50 ms); server CPU per request is this process's CPU time over the endpoint's requests (what the latencies come to on an idle machine):`,
  );
  for (const path of ENDPOINTS) {
    const cpuBefore = process.cpuUsage();
    const results = await runLoadClient({ url: server.url, cookie, concurrency, requests, paths: [path] });
    const cpu = process.cpuUsage(cpuBefore);
    const r = results[path]!;
    console.log(
      `  ${path.padEnd(38)} ${formatLatencies(r)}  server CPU ${((cpu.user + cpu.system) / 1000 / requestsSent(requests)).toFixed(2)} ms/request`,
    );
  }
  console.log(`load average after the load: ${load()}`);
} finally {
  await bench.close();
}
