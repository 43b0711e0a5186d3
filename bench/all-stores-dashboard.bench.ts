/**
 * p50/p95 of the All-stores dashboard (issue #17: 10 stores of 100k orders each, p95 < 100 ms),
 * GET /api/all-stores/dashboard, with the team's stores in USD and EUR summed in USD at stored
 * ECB rates (every weekday of the three years). Orders and refunds are filled by generate_series;
 * the figures are the read path. Prints the latencies and the load average; asserts nothing.
 *
 * Database: DATABASE_URL (a fresh database is created and dropped) or in-memory PGlite.
 * Options: BENCH_STORES (default 10), BENCH_ORDERS (per store, default 100000), BENCH_REQUESTS (default 200).
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../src/server/db/query-rows.ts';
import { startBenchServer } from './support/bench-server.ts';

const storeCount = Number(process.env.BENCH_STORES ?? 10);
const orders = Number(process.env.BENCH_ORDERS ?? 100_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const DAYS = 1095;
const END = '2026-10-31';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

const bench = await startBenchServer();
const { server, db, cookie } = bench;
try {
  const first = { id: bench.workspaceId, team_id: bench.teamId };
  const fillStarted = performance.now();
  const stores = [first.id];
  for (let index = 1; index < storeCount; index += 1) {
    const [row] = await queryRows(
      db,
      z.object({ id: z.string() }),
      sql`INSERT INTO workspaces (team_id, name) VALUES (${first.team_id}, ${`Store ${index + 1}`}) RETURNING id`,
    );
    if (row) stores.push(row.id);
  }
  await db.execute(sql`INSERT INTO ecb_rates (rate_date, currency, rate, fetched_at)
    SELECT d::date, 'USD', round((1.08 + 0.03 * sin(extract(epoch FROM d) / 3888000))::numeric, 4), now()
    FROM generate_series((${END}::date - ${DAYS + 10}::int)::timestamp, ${END}::date::timestamp, interval '1 day') d
    WHERE extract(isodow FROM d) < 6`);
  for (const [index, ws] of stores.entries()) {
    const currency = index % 2 === 0 ? 'USD' : 'EUR';
    await db.execute(sql`INSERT INTO wh_shops (workspace_id, shop_domain, name, currency_code, currency_digits, iana_timezone)
      VALUES (${ws}, ${`bench-${index}.myshopify.com`}, 'Bench', ${currency}, 2, 'America/New_York')`);
    await db.execute(sql`INSERT INTO sync_states (workspace_id, source, status, last_success_at)
      VALUES (${ws}, 'shopify', 'succeeded', now())`);
    await db.execute(sql`INSERT INTO wh_orders (workspace_id, order_id, name, currency_code, total_minor, created_at,
        updated_at, order_date, test, cancelled_at)
      SELECT ${ws}, g, '#' || g, ${currency}, 1500 + (g * 7919) % 20000, d::timestamptz, d::timestamptz, d,
        g % 200 = 0, CASE WHEN g % 100 = 1 THEN d::timestamptz END
      FROM generate_series(1::bigint, ${orders}) g,
        LATERAL (SELECT (${END}::date - ((${orders} - g) * ${DAYS} / ${orders})::int) AS d) day`);
    await db.execute(sql`INSERT INTO wh_refunds (workspace_id, refund_id, order_id, refund_date, amount_minor,
        currency_code, created_at)
      SELECT workspace_id, order_id, order_id, order_date + 3, total_minor / 2, currency_code, created_at
      FROM wh_orders WHERE workspace_id = ${ws} AND order_id % 33 = 0`);
  }
  await db.execute(sql`ANALYZE`);
  const fillSeconds = (performance.now() - fillStarted) / 1000;

  const ask = async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/all-stores/dashboard?periodDays=30`, {
      headers: { cookie },
    });
    if (response.status !== 200) throw new Error(`status ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    return performance.now() - started;
  };
  const cold = await ask();
  const times: number[] = [];
  for (let index = 0; index < requests; index += 1) times.push(await ask());
  times.sort((a, b) => a - b);
  const [one, five, fifteen] = loadavg();
  console.log(
    `all-stores dashboard: ${storeCount} stores × ${orders} orders (filled in ${fillSeconds.toFixed(0)} s); ` +
      `first ${cold.toFixed(1)} ms; ${requests} requests p50 ${percentile(times, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(times, 95).toFixed(1)} ms, max ${(times.at(-1) ?? 0).toFixed(1)} ms (goal p95 < 100 ms); ` +
      `load average ${one?.toFixed(2)} ${five?.toFixed(2)} ${fifteen?.toFixed(2)}`,
  );
} finally {
  await bench.close();
}
