/**
 * Rendering one digest (issue #14: < 1 s): the daily and weekly digest of a synthetic store
 * (bench/support/profit-bench.ts: orders over three years with costs, refunds, Meta days) read
 * from the warehouse and the profit rollup, then rendered to HTML + text. Prints the first read
 * (which rebuilds the rollup), then p50/max of repeated reads, with the load average.
 *
 * Options: `--orders N` or BENCH_ORDERS (default 100000), BENCH_REPEATS (default 20).
 */
import { readDigest } from '../src/server/domain/notifications/read-digest.ts';
import { renderDigest } from '../src/server/features/notifications/digest/render-digest.ts';
import { load } from './support/load-average.ts';
import { benchOrders, END, fillSyntheticProfitStore, startProfitBench } from './support/profit-bench.ts';

const orders = benchOrders(100_000);
const repeats = Number(process.env.BENCH_REPEATS ?? 20);
// A moment on the day after the synthetic store's last day, so the digest covers END.
const now = new Date(`${END}T23:00:00Z`);
now.setUTCDate(now.getUTCDate() + 1);

const bench = await startProfitBench();
try {
  const { db, workspaceId } = bench;
  console.log(`database ${bench.databaseKind}, ${orders} orders`);
  await fillSyntheticProfitStore(db, workspaceId, orders);
  const links = {
    appUrl: 'http://localhost:5000',
    unsubscribeUrl: 'http://localhost:5000/api/notifications/unsubscribe?token=x.y',
  };
  for (const period of ['daily', 'weekly'] as const) {
    const timings: number[] = [];
    let bytes = 0;
    for (let i = 0; i <= repeats; i += 1) {
      const started = performance.now();
      const mail = renderDigest(await readDigest(bench.server.deps, workspaceId, period, now), links);
      timings.push(performance.now() - started);
      bytes = mail.html.length + mail.text.length;
    }
    const [first, ...rest] = timings;
    rest.sort((a, b) => a - b);
    console.log(
      `${period} digest: first ${first!.toFixed(0)} ms (the daily one rebuilds the profit rollup), p50 ${rest[Math.floor(rest.length / 2)]!.toFixed(1)} ms, max ${rest.at(-1)!.toFixed(1)} ms over ${rest.length}; ${bytes} bytes; load average ${load()}`,
    );
  }
} finally {
  await bench.close();
}
