/**
 * Set-up shared by the profit benches (bench/profit-*.bench.ts): the real server on a fresh
 * database with a signed-in owner, and a synthetic store filled by generate_series with what a
 * sync and the cost ledger would leave (orders over three years with two lines each and frozen
 * costs, refund lines with restocks, transactions with and without fees plus a gateway rule,
 * shipping costs, variants with SKUs, Meta days, expenses). Figures are printed with the load
 * average beside them (`load()` of load-average.ts), never asserted.
 *
 * Size: `--orders N` on the command line, else BENCH_ORDERS, else the bench's default.
 * Database: DATABASE_URL (a fresh database is created and dropped) or in-memory PGlite.
 */
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/server/db/client.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import type { startServer } from '../../src/server/main.ts';
import { startBenchServer } from './bench-server.ts';

/** Shop days the synthetic store spans, ending on END. */
export const DAYS = 1095;
export const END = '2026-10-31';
/** Variants the synthetic lines sell (ids 1000…1359, SKU `SKU-<id>`). */
export const VARIANTS = 360;

/**
 * CPU seconds (user + system) used so far by this process and, when the database is a PostgreSQL
 * server on this machine, by the server processes of the bench's database (from /proc; null when
 * unreadable or on PGlite, which runs in this process). Differences of two readings say how much
 * work a step took, far less swayed by the machine's load than its wall time. A server process
 * that exits in between takes its CPU time with it, so the database figure is a lower bound.
 */
export async function cpuSeconds(db: Db): Promise<{ node: number; database: number | null }> {
  const own = process.cpuUsage();
  const node = (own.user + own.system) / 1e6;
  const pids = await queryRows(
    db,
    z.object({ pid: z.number() }),
    sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`,
  ).catch(() => null);
  if (pids === null || pids.length === 0) return { node, database: null };
  let ticks = 0;
  for (const { pid } of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    if (stat === null) return { node, database: null };
    // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  // /proc counts in USER_HZ, 100 per second on Linux.
  return { node, database: ticks / 100 };
}

/** Seconds of CPU between two `cpuSeconds` readings, as printed beside the wall time. */
export function cpuSpent(
  before: { node: number; database: number | null },
  after: { node: number; database: number | null },
): string {
  const database =
    before.database === null || after.database === null
      ? ''
      : `, database ${(after.database - before.database).toFixed(1)} s`;
  return `CPU: node ${(after.node - before.node).toFixed(1)} s${database}`;
}

/** `--orders N` from argv, else BENCH_ORDERS, else `fallback`. */
export function benchOrders(fallback: number): number {
  const flag = process.argv.indexOf('--orders');
  const value = flag >= 0 ? process.argv[flag + 1] : process.env.BENCH_ORDERS;
  const orders = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(orders) || orders < 1)
    throw new Error(`--orders: expected a whole number, got ${value}`);
  return orders;
}

export interface ProfitBench {
  server: Awaited<ReturnType<typeof startServer>>;
  db: Db;
  workspaceId: string;
  cookie: string;
  databaseKind: string;
  close(): Promise<void>;
}

/** The server (no background jobs) on a fresh database, an owner signed in, and the shop row. */
export async function startProfitBench(): Promise<ProfitBench> {
  const bench = await startBenchServer();
  const { server, db, workspaceId, cookie } = bench;
  await db.execute(sql`INSERT INTO wh_shops (workspace_id, shop_domain, name, currency_code, currency_digits, iana_timezone)
    VALUES (${workspaceId}, 'bench.myshopify.com', 'Bench', 'USD', 2, 'America/New_York')`);
  return {
    server,
    db,
    workspaceId,
    cookie,
    databaseKind: bench.databaseKind,
    close: bench.close,
  };
}

/** `count` variants with SKUs `SKU-<id>` from id 1000 (the lines sell the first VARIANTS of them). */
export async function fillVariants(db: Db, ws: string, count: number): Promise<void> {
  await db.execute(sql`INSERT INTO wh_variants (workspace_id, variant_id, product_id, title, sku, price_minor,
      currency_code, weight_grams)
    SELECT ${ws}, v, 1 + v % 120, 'Variant ' || v, 'SKU-' || v, 700 + (v % 5) * 300, 'USD', 100 + (v % 20) * 50
    FROM generate_series(1000::bigint, ${999 + count}) v`);
}

/** The synthetic store of `orders` orders over DAYS days (see the file comment); prints its size. */
export async function fillSyntheticProfitStore(db: Db, ws: string, orders: number): Promise<void> {
  const started = performance.now();
  await fillVariants(db, ws, VARIANTS);
  // Orders over three years: 0.5 % test, 1 % cancelled, shipping charged, some discounted; one in
  // ten a guest checkout, the others from customers of about three orders each.
  await db.execute(sql`INSERT INTO wh_orders (workspace_id, order_id, name, currency_code, total_minor, created_at,
      updated_at, order_date, test, cancelled_at, discount_minor, shipping_minor, country_code, customer_id)
    SELECT ${ws}, g, '#' || g, 'USD', 1500 + (g * 7919) % 20000, d::timestamptz, d::timestamptz, d,
      g % 200 = 0, CASE WHEN g % 100 = 1 THEN d::timestamptz END, (g % 7) * 100, 500 + (g % 3) * 250,
      CASE WHEN g % 5 = 0 THEN 'CA' ELSE 'US' END,
      CASE WHEN g % 10 <> 0 THEN 1 + g % greatest(1, ${orders} / 3) END
    FROM generate_series(1::bigint, ${orders}) g,
      LATERAL (SELECT (${END}::date - ((${orders} - g) * ${DAYS} / ${orders})::int) AS d) day`);
  // Two lines per order; one variant in ten has no known cost, one in ten an estimated one.
  await db.execute(sql`INSERT INTO wh_order_line_items (workspace_id, line_item_id, order_id, order_date, product_id,
      variant_id, title, quantity, unit_price_minor, discount_minor, currency_code, unit_cost_minor, cost_source,
      cost_estimated)
    SELECT o.workspace_id, o.order_id * 3 + k, o.order_id, o.order_date, 1 + v % 120, v, 'Product ' || (1 + v % 120),
      1 + k, 700 + k * 300, 0, 'USD',
      CASE WHEN v % 10 = 0 THEN NULL ELSE 300 + k * 100 END,
      CASE WHEN v % 10 = 0 THEN NULL WHEN v % 10 = 1 THEN 'default_margin' ELSE 'shopify' END,
      v % 10 = 1
    FROM wh_orders o, generate_series(0, 1) k, LATERAL (SELECT 1000 + (o.order_id + k) % ${VARIANTS} AS v) variant
    WHERE o.workspace_id = ${ws}`);
  await db.execute(sql`INSERT INTO wh_refunds (workspace_id, refund_id, order_id, created_at, refund_date, amount_minor,
      currency_code, shipping_minor)
    SELECT workspace_id, order_id, order_id, created_at + interval '3 days', order_date + 3, 700, 'USD', 0
    FROM wh_orders WHERE workspace_id = ${ws} AND order_id % 33 = 0`);
  await db.execute(sql`INSERT INTO wh_refund_line_items (workspace_id, refund_id, line_item_id, order_id, refund_date,
      quantity, subtotal_minor, restocked)
    SELECT workspace_id, order_id, order_id * 3, order_id, refund_date, 1, 700, order_id % 2 = 0
    FROM wh_refunds WHERE workspace_id = ${ws}`);
  await db.execute(sql`INSERT INTO wh_order_transactions (workspace_id, transaction_id, order_id, gateway, kind, status,
      amount_minor, fee_minor, currency_code, processed_at, transaction_date)
    SELECT workspace_id, order_id, order_id, CASE WHEN order_id % 4 = 0 THEN 'paypal' ELSE 'shopify_payments' END,
      'SALE', 'SUCCESS', total_minor, CASE WHEN order_id % 4 = 0 THEN NULL ELSE 30 + total_minor * 29 / 1000 END,
      'USD', created_at, order_date
    FROM wh_orders WHERE workspace_id = ${ws}`);
  await db.execute(sql`INSERT INTO payment_fee_rules (workspace_id, gateway, percent, fixed_minor)
    VALUES (${ws}, 'paypal', 3.49, 49)`);
  await db.execute(sql`INSERT INTO wh_order_shipping_costs (workspace_id, order_id, source, cost_minor, order_date)
    SELECT workspace_id, order_id, 'profile', 650, order_date FROM wh_orders
    WHERE workspace_id = ${ws} AND order_id % 2 = 0`);
  await db.execute(sql`INSERT INTO wh_meta_daily_insights (workspace_id, date, campaign_id, campaign_name, spend_minor,
      impressions, clicks, reported_purchases, reported_purchase_value_minor, currency_code)
    SELECT ${ws}, ${END}::date - d, 'c' || c, 'Campaign ' || c, 5000 + c * 100, 1000, 50, 3, 30000, 'USD'
    FROM generate_series(0, ${DAYS - 1}) d, generate_series(1, 10) c`);
  await db.execute(sql`INSERT INTO expenses (workspace_id, name, kind, amount_minor, percent, starts_on, ends_on) VALUES
    (${ws}, 'Rent', 'monthly', 250000, NULL, '2024-01-01', NULL),
    (${ws}, 'Packaging', 'per_order', 35, NULL, '2024-01-01', NULL),
    (${ws}, 'Agency', 'percent_of_ad_spend', NULL, 10, '2025-01-01', NULL),
    (${ws}, 'Royalties', 'percent_of_net_sales', NULL, 1.5, '2023-11-01', '2026-06-30')`);
  await db.execute(sql`INSERT INTO sync_states (workspace_id, source, status, last_success_at, updated_at)
    VALUES (${ws}, 'shopify', 'succeeded', now(), now())`);
  await db.execute(sql`ANALYZE`);
  console.log(
    `synthetic store: ${orders} orders, ${2 * orders} line items, ${DAYS} days; filled in ${(
      (performance.now() - started) / 1000
    ).toFixed(1)} s`,
  );
}
