/**
 * Basket analysis over 1M orders (issue #44 target: < 10 s): the orders, ~2.5M line items and
 * refunded lines filled by generate_series, then the affinity read of GET /api/products/affinity
 * (decision 149): the first fold of the kept per-day rows (`foldBasketDays`, every day), the read
 * summing them (`readKeptBasketCounts`) and the ranking (`src/core/baskets`) — the first read after
 * building and a warm one, each with a fold that finds nothing new (what `readBasketCounts` does
 * on a warehouse without a sync version), then a fold after 1,000 new orders of the last day.
 * With BENCH_DIRECT=1 also the read straight from the orders (decision 144's, the reference).
 * Prints seconds and the load average; asserts nothing. Before decision 123 (every order's
 * products packed into text, counted in Node): 27.2 s.
 *
 * Database: DATABASE_URL (a fresh database is created and dropped) or in-memory PGlite.
 * Options: BENCH_ORDERS (default 1000000); BENCH_WINDOW_DAYS (default 1095: every order; 365 the
 * year up to the last day).
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { rankAffinities } from '../src/core/baskets/rank-affinities.ts';
import { rankFirstProducts } from '../src/core/baskets/rank-first-products.ts';
import type { BasketCounts } from '../src/server/domain/product-affinity/basket-count-rows.ts';
import { foldBasketDays } from '../src/server/domain/product-affinity/fold-basket-days.ts';
import { readKeptBasketCounts } from '../src/server/domain/product-affinity/read-basket-counts.ts';
import { readBasketCountsFromOrders } from '../src/server/domain/product-affinity/read-basket-counts-from-orders.ts';
import { addDays } from '../src/shared/calendar.ts';
import { startBenchServer } from './support/bench-server.ts';

const orders = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const DAYS = 1095;
const END = '2026-10-31';
const windowDays = Number(process.env.BENCH_WINDOW_DAYS ?? 1095);
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

  const load = () =>
    loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
  const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(2);
  const rank = (counts: BasketCounts) => ({
    pairs: rankAffinities({ ...counts.together, directed: false }).length,
    next: rankAffinities({ ...counts.nextOrder, directed: true }).length,
    first: rankFirstProducts(counts.firstProduct).length,
  });
  console.log(
    `products affinity: ${orders} orders (filled in ${fillSeconds.toFixed(0)} s), ${WINDOW.from}…${WINDOW.to}`,
  );
  const built = performance.now();
  const firstFold = await foldBasketDays(db, ws, null);
  console.log(
    `  first fold (every day): ${seconds(built)} s, ${firstFold.changedOrders} orders, ${firstFold.dirtyDays} days; load ${load()}`,
  );
  for (const label of ['first read after building', 'warm read']) {
    const started = performance.now();
    const fold = await foldBasketDays(db, ws, null);
    const foldSeconds = seconds(started);
    const read = performance.now();
    const ranked = rank(await readKeptBasketCounts(db, ws, WINDOW));
    console.log(
      `  ${label}: ${seconds(started)} s (fold finding ${fold.changedOrders} changed: ${foldSeconds} s, ` +
        `read and rank ${seconds(read)} s; goal < 10 s); ${ranked.pairs} pairs, ${ranked.next} next-order rules, ` +
        `${ranked.first} first products; load ${load()}`,
    );
  }
  await db.execute(sql`INSERT INTO wh_orders (workspace_id, order_id, name, currency_code, total_minor, created_at,
      updated_at, order_date, customer_id)
    SELECT ${ws}, ${orders} + g, '#new', 'USD', 2000, ${END}::timestamptz + interval '1 hour', now(), ${END}::date,
      g * 97 % 300000 FROM generate_series(1, 1000) g`);
  await db.execute(sql`INSERT INTO wh_order_line_items (workspace_id, line_item_id, order_id, order_date, product_id,
      title, quantity, unit_price_minor, discount_minor, currency_code, unit_cost_minor)
    SELECT ${ws}, (${orders} + g) * 4 + k, ${orders} + g, ${END}::date, 1 + (g * k * 31) % 200, 'Product', 1, 1500, 0,
      'USD', 600 FROM generate_series(1, 1000) g, generate_series(1, 2) k`);
  const late = performance.now();
  const lateFold = await foldBasketDays(db, ws, null);
  console.log(
    `  fold after 1,000 new orders of the last day: ${seconds(late)} s, ${lateFold.changedOrders} orders, ` +
      `${lateFold.dirtyDays} days; load ${load()}`,
  );
  if (process.env.BENCH_DIRECT === '1') {
    const started = performance.now();
    const ranked = rank(await readBasketCountsFromOrders(db, ws, WINDOW));
    console.log(
      `  read from the orders (decision 144): ${seconds(started)} s, ${ranked.pairs} pairs; load ${load()}`,
    );
  }
} finally {
  await bench.close();
}
