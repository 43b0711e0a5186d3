/**
 * Basket analysis over 1M orders (issue #44 target: < 10 s): the orders, ~2.5M line items and
 * refunded lines filled by generate_series, then the affinity read of GET /api/products/affinity —
 * the SQL that counts pairs, "product → next order" and the first-product table
 * (`readBasketCounts`, decision 123) and the ranking of those counts (`src/core/baskets`) — timed
 * for a year's window. Prints seconds and the load average; asserts nothing. Before decision 123
 * (every order's products packed into text, counted in Node): 27.2 s.
 *
 * Database: DATABASE_URL (a fresh database is created and dropped) or in-memory PGlite.
 * Options: BENCH_ORDERS (default 1000000); BENCH_WINDOW_DAYS (default 365, the year up to the
 * last day; 1095 reads every order).
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { rankAffinities } from '../src/core/baskets/rank-affinities.ts';
import { rankFirstProducts } from '../src/core/baskets/rank-first-products.ts';
import { readBasketCounts } from '../src/server/features/product-affinity/read-basket-counts.ts';
import { addDays } from '../src/shared/calendar.ts';
import { startBenchServer } from './support/bench-server.ts';

const orders = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const DAYS = 1095;
const END = '2026-10-31';
const windowDays = Number(process.env.BENCH_WINDOW_DAYS ?? 365);
const WINDOW = { from: addDays(END, -(windowDays - 1)), to: END };

const bench = await startBenchServer();
const { db } = bench;
const ws = bench.workspaceId;
try {
  const fillStarted = performance.now();
  await db.execute(sql`INSERT INTO wh_orders (workspace_id, order_id, name, currency_code, total_minor, created_at,
      updated_at, order_date, test, cancelled_at, customer_id)
    SELECT ${ws}, g, '#' || g, 'USD', 1500 + (g * 7919) % 20000, d::timestamptz, d::timestamptz, d,
      g % 200 = 0, CASE WHEN g % 100 = 1 THEN d::timestamptz END, CASE WHEN g % 10 = 0 THEN NULL ELSE g % 300000 END
    FROM generate_series(1::bigint, ${orders}) g,
      LATERAL (SELECT (${END}::date - ((${orders} - g) * ${DAYS} / ${orders})::int) AS d) day`);
  await db.execute(sql`INSERT INTO wh_order_line_items (workspace_id, line_item_id, order_id, order_date, product_id,
      title, quantity, unit_price_minor, discount_minor, currency_code, unit_cost_minor)
    SELECT o.workspace_id, o.order_id * 4 + k, o.order_id, o.order_date, 1 + (o.order_id * k * 7919) % 200,
      'Product', 1 + k % 2, 1000 + k * 250, (o.order_id % 5) * 50, 'USD', 400 + k * 100
    FROM wh_orders o, generate_series(1, 1 + (o.order_id % 4)::int) k WHERE o.workspace_id = ${ws}`);
  await db.execute(sql`INSERT INTO wh_refund_line_items (workspace_id, refund_id, line_item_id, order_id, refund_date,
      quantity, subtotal_minor, restocked)
    SELECT workspace_id, order_id, line_item_id, order_id, order_date + 5, 1, unit_price_minor, order_id % 2 = 0
    FROM wh_order_line_items WHERE workspace_id = ${ws} AND order_id % 29 = 0 AND line_item_id % 4 = 1`);
  await db.execute(sql`ANALYZE`);
  const fillSeconds = (performance.now() - fillStarted) / 1000;

  const started = performance.now();
  const counts = await readBasketCounts(db, ws, WINDOW);
  const readSeconds = (performance.now() - started) / 1000;
  const pairs = rankAffinities({ ...counts.together, directed: false });
  const next = rankAffinities({ ...counts.nextOrder, directed: true });
  const first = rankFirstProducts(counts.firstProduct);
  const totalSeconds = (performance.now() - started) / 1000;
  const [one, five, fifteen] = loadavg();
  console.log(
    `products affinity: ${orders} orders (filled in ${fillSeconds.toFixed(0)} s), ${WINDOW.from}…${WINDOW.to}; ` +
      `counted in SQL ${readSeconds.toFixed(2)} s, total ${totalSeconds.toFixed(2)} s (goal < 10 s; before decision 123: 27.2 s); ` +
      `${pairs.length} pairs, ${next.length} next-order rules, ${first.length} first products; ` +
      `load ${one?.toFixed(2)} ${five?.toFixed(2)} ${fifteen?.toFixed(2)}`,
  );
} finally {
  await bench.close();
}
