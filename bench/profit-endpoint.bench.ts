/**
 * GET /api/profit at size (issue #13: p95 < 50 ms at 1M orders over a year by day), under
 * concurrent load from a second process (bench/support/load-client.ts).
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
import { refreshProfitRollup } from '../src/server/domain/profit/refresh-profit-rollup.ts';
import { addDays } from '../src/shared/calendar.ts';
import { load } from './support/load-average.ts';
import { formatLatencies, requestsSent, runLoadClient } from './support/load-client.ts';
import {
  benchOrders,
  cpuSeconds,
  cpuSpent,
  END,
  fillSyntheticProfitStore,
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
  const results = await runLoadClient({ url: server.url, cookie, concurrency, requests, paths: ENDPOINTS });
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    `${requests} requests per endpoint, ${concurrency} in flight; load average ${load()} (budget p95 < 50 ms)`,
  );
  for (const [path, r] of Object.entries(results))
    console.log(`  ${path.replace('/api/profit?', '').padEnd(66)} ${formatLatencies(r)}`);
  const cpuPerRequest = (cpu.user + cpu.system) / 1000 / (requestsSent(requests) * ENDPOINTS.length);
  console.log(
    `server CPU per request ${cpuPerRequest.toFixed(2)} ms (all endpoints); load average ${load()}`,
  );
} finally {
  await bench.close();
}
