/**
 * GET /api/profit at size (issue #13: p95 < 50 ms at 1M orders over a year by day), under
 * concurrent load from a second process (bench/opportunities-load-client.ts).
 *
 * The synthetic store of bench/support/profit-bench.ts (orders over three years, two lines each
 * with frozen costs, refunds, transactions, shipping costs, Meta days, expenses). It prints the
 * rollup rebuild (the first read after a sync) and then p50/p95/p99 of the read path, with the
 * load average beside every figure, and the server's CPU time per request (user + system of this
 * process, which serves the requests; less sensitive to the machine's load than the latencies).
 *
 * Options: `--orders N` or BENCH_ORDERS (default 1000000), BENCH_REQUESTS (default 200),
 * BENCH_CONCURRENCY (default 8). Database: DATABASE_URL or in-memory PGlite.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { refreshProfitRollup } from '../src/server/features/profit/refresh-profit-rollup.ts';
import { addDays } from '../src/shared/calendar.ts';
import {
  benchOrders,
  cpuSeconds,
  cpuSpent,
  END,
  fillSyntheticProfitStore,
  load,
  startProfitBench,
} from './support/profit-bench.ts';

const orders = benchOrders(1_000_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const YEAR_FROM = addDays(END, -364);
const ENDPOINTS = [
  `/api/profit?from=${YEAR_FROM}&to=${END}&granularity=day`,
  `/api/profit?from=${YEAR_FROM}&to=${END}&granularity=day&compare=previous_year`,
  `/api/profit?from=${YEAR_FROM}&to=${END}&granularity=week&compare=previous_period`,
  `/api/profit?from=${addDays(END, -29)}&to=${END}&granularity=day&compare=previous_period`,
  `/api/profit?from=${addDays(END, -1094)}&to=${END}&granularity=month`,
];

const bench = await startProfitBench();
try {
  const { db, workspaceId: ws, cookie, server } = bench;
  console.log(`database ${bench.databaseKind}`);
  await fillSyntheticProfitStore(db, ws, orders);

  const rebuildCpu = await cpuSeconds(db);
  const rebuildStarted = performance.now();
  await refreshProfitRollup(server.deps, ws);
  console.log(
    `rollup rebuild (first read after a sync): ${(performance.now() - rebuildStarted).toFixed(0)} ms ` +
      `(${cpuSpent(rebuildCpu, await cpuSeconds(db))}); load average ${load()}`,
  );

  const cpuBefore = process.cpuUsage();
  const client = fileURLToPath(new URL('./opportunities-load-client.ts', import.meta.url));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', client, server.url, cookie, String(concurrency), String(requests), ...ENDPOINTS],
    { encoding: 'utf8', timeout: 600_000 },
  );
  const cpu = process.cpuUsage(cpuBefore);
  const results = JSON.parse(stdout.trim().split('\n').pop()!) as Record<
    string,
    { p50: number; p95: number; p99: number; errors: number }
  >;
  console.log(
    `${requests} requests per endpoint, ${concurrency} in flight; load average ${load()} (budget p95 < 50 ms)`,
  );
  for (const [path, r] of Object.entries(results))
    console.log(
      `  ${path.replace('/api/profit?', '').padEnd(66)} p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms${r.errors ? `  errors ${r.errors}` : ''}`,
    );
  const cpuPerRequest = (cpu.user + cpu.system) / 1000 / (requests * ENDPOINTS.length);
  console.log(
    `server CPU per request ${cpuPerRequest.toFixed(2)} ms (all endpoints); load average ${load()}`,
  );
} finally {
  await bench.close();
}
