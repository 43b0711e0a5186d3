/**
 * The profit reads of /products and /customers at size (issue #13, decisions 038 and 039):
 * GET /api/products/profit over 7, 30 and 365 days and GET /api/customers/cohort-profit, on the
 * synthetic store of bench/support/profit-bench.ts (orders over three years, two lines each,
 * refunds, transactions, shipping costs, Meta days; customers of about three orders each and one
 * order in ten a guest checkout). Each read runs BENCH_RUNS times (default 5)
 * one after another through HTTP: the first computes the answer (the first read after a sync),
 * the others get the answer kept for the same facts version; the load average is beside each.
 *
 * Options: `--orders N` or BENCH_ORDERS (default 1000000), BENCH_RUNS. Database: DATABASE_URL or PGlite.
 */

import { refreshContributionRollups } from '../src/server/domain/contribution/rebuild-contribution-rollups.ts';
import { refreshProfitRollup } from '../src/server/domain/profit/refresh-profit-rollup.ts';
import { addDays } from '../src/shared/calendar.ts';
import { load } from './support/load-average.ts';
import { benchOrders, END, fillSyntheticProfitStore, startProfitBench } from './support/profit-bench.ts';

const orders = benchOrders(1_000_000);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const ENDPOINTS = [
  `/api/products/profit?from=${addDays(END, -6)}&to=${END}`,
  `/api/products/profit?from=${addDays(END, -29)}&to=${END}`,
  `/api/products/profit?from=${addDays(END, -364)}&to=${END}`,
  '/api/customers/cohort-profit',
];

const bench = await startProfitBench();
try {
  const { db, workspaceId: ws, cookie, server } = bench;
  console.log(`database ${bench.databaseKind}; ${orders} orders`);
  await fillSyntheticProfitStore(db, ws, orders);
  // What the analysis job does after a sync (decision 060): the rollups the reads add up.
  for (const [name, refresh] of [
    ['profit rollup', () => refreshProfitRollup(server.deps, ws)],
    ['product and cohort rollups', () => refreshContributionRollups(server.deps, ws)],
  ] as const) {
    const started = performance.now();
    await refresh();
    console.log(`  ${name} built in ${(performance.now() - started).toFixed(0)} ms; load average ${load()}`);
  }
  for (const path of ENDPOINTS) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
      const body = await response.text();
      if (response.status !== 200)
        throw new Error(`${path} answered ${response.status}: ${body.slice(0, 200)}`);
      times.push(performance.now() - started);
      bytes = body.length;
    }
    const kept = times.slice(1).sort((a, b) => a - b);
    console.log(
      `  ${path.padEnd(58)} computed ${times[0]!.toFixed(0)} ms  kept: median ${(kept[Math.floor(kept.length / 2)] ?? 0).toFixed(1)} ms  ${(bytes / 1024).toFixed(0)} KiB; load average ${load()}`,
    );
  }
} finally {
  await bench.close();
}
