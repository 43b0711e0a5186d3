/**
 * p50/p95 of the Dashboard and Customer Segments endpoints at the design §8 size (1M orders,
 * 100k customers; budget p95 < 50 ms) under concurrent load from a second process
 * (bench/support/load-client.ts).
 *
 * The warehouse and one analysis snapshot are filled with synthetic rows by generate_series
 * (minutes faster than a sync or an analysis at this size, and what the reads see is the same:
 * table sizes, days, customers, line items, refunds, Meta days). The figures it prints are the
 * read path only.
 *
 * Database: DATABASE_URL (a fresh database is created and dropped) or in-memory PGlite.
 * Options: BENCH_ORDERS (default 1000000), BENCH_CUSTOMERS (default 100000), BENCH_REQUESTS
 * (default 200), BENCH_COLD_REQUESTS (default 24), BENCH_CONCURRENCY (default 8).
 * First the KPI endpoints with no sync state (computed on every request), then every endpoint
 * after a sync state exists (KPIs kept per warehouse version); /api/analytics/customer-segments
 * is the noise floor (a cached snapshot read).
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../src/server/db/query-rows.ts';
import { startBenchServer } from './support/bench-server.ts';
import { formatLatencies, runLoadClient } from './support/load-client.ts';

const orders = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const customers = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const DAYS = 1095;
const END = '2026-10-31';
const coldRequests = Number(process.env.BENCH_COLD_REQUESTS ?? 24);
const KPI_ENDPOINTS = [
  '/api/dashboard/kpis?period=7',
  '/api/dashboard/kpis?period=30',
  '/api/dashboard/kpis?period=90',
];
const CUSTOMER_ENDPOINTS = [
  '/api/analytics/customer-segments',
  '/api/customers/summary',
  '/api/customers',
  '/api/customers?sort=churn&page=40',
  '/api/customers?sort=lastOrder&direction=asc',
  '/api/customers?q=c4242',
  '/api/customers?segment=At%20Risk&sort=revenue',
];
const SEGMENTS = [
  'Champions',
  'Loyal Customers',
  'Potential Loyalist',
  'New Customers',
  'Promising',
  'Need Attention',
  'About To Sleep',
  'At Risk',
  "Can't Lose Them",
  'Lost',
];

const bench = await startBenchServer();
const { server, db, cookie } = bench;
try {
  const ws = bench.workspaceId;
  const fillStarted = performance.now();
  await db.execute(sql`INSERT INTO wh_shops (workspace_id, shop_domain, name, currency_code, currency_digits, iana_timezone)
    VALUES (${ws}, 'bench.myshopify.com', 'Bench', 'USD', 2, 'America/New_York')`);
  await db.execute(sql`INSERT INTO wh_customers (workspace_id, customer_id, first_name, last_name, email, created_at)
    SELECT ${ws}, g, 'First' || g, 'Last' || g, 'c' || g || '@example.com', now()
    FROM generate_series(1::bigint, ${customers}) g`);
  // Orders spread over three years, one customer in twenty guest checkouts, 0.5 % test, 1 % cancelled.
  await db.execute(sql`INSERT INTO wh_orders (workspace_id, order_id, name, currency_code, total_minor, created_at,
      updated_at, order_date, test, cancelled_at, customer_id, utm_source, utm_medium, source_type)
    SELECT ${ws}, g, '#' || g, 'USD', 1500 + (g * 7919) % 20000, d::timestamptz, d::timestamptz, d,
      g % 200 = 0, CASE WHEN g % 100 = 1 THEN d::timestamptz END,
      CASE WHEN g % 20 = 0 THEN NULL ELSE 1 + (g * 104729) % ${customers} END,
      (ARRAY['facebook', 'google', 'newsletter', NULL, 'blog'])[1 + g % 5],
      (ARRAY['paid_social', 'cpc', 'email', NULL, 'referral'])[1 + g % 5],
      (ARRAY['SOCIAL', 'SEARCH', 'EMAIL', 'DIRECT', 'REFERRAL'])[1 + g % 5]
    FROM generate_series(1::bigint, ${orders}) g,
      LATERAL (SELECT (${END}::date - ((${orders} - g) * ${DAYS} / ${orders})::int) AS d) day`);
  await db.execute(sql`INSERT INTO wh_order_line_items (workspace_id, line_item_id, order_id, order_date, product_id,
      variant_id, title, quantity, unit_price_minor, discount_minor, currency_code)
    SELECT o.workspace_id, o.order_id * 3 + k, o.order_id, o.order_date, 1 + (o.order_id + k) % 120,
      1000 + (o.order_id + k) % 360, 'Product ' || (1 + (o.order_id + k) % 120), 1 + k, 700 + k * 300, 0, 'USD'
    FROM wh_orders o, generate_series(0, 1) k WHERE o.workspace_id = ${ws}`);
  await db.execute(sql`INSERT INTO wh_products (workspace_id, product_id, title)
    SELECT ${ws}, g, 'Product ' || g FROM generate_series(1, 120) g`);
  await db.execute(sql`INSERT INTO wh_refunds (workspace_id, refund_id, order_id, created_at, refund_date, amount_minor, currency_code)
    SELECT workspace_id, order_id, order_id, created_at + interval '3 days', order_date + 3, total_minor / 2, 'USD'
    FROM wh_orders WHERE workspace_id = ${ws} AND order_id % 33 = 0`);
  await db.execute(sql`INSERT INTO wh_meta_daily_insights (workspace_id, date, campaign_id, campaign_name, spend_minor,
      impressions, clicks, reported_purchases, reported_purchase_value_minor, currency_code)
    SELECT ${ws}, ${END}::date - d, 'c' || c, 'Campaign ' || c, 5000 + c * 100, 1000, 50, 3, 30000, 'USD'
    FROM generate_series(0, ${DAYS - 1}) d, generate_series(1, 10) c`);
  // One succeeded analysis run with a fitted lifetime model and a row per customer.
  const [run] = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`INSERT INTO analysis_runs (workspace_id, status, trigger, as_of, currency_code, started_at, finished_at, diagnostics)
      VALUES (${ws}, 'succeeded', 'test', ${END}, 'USD', now(), now(), ${JSON.stringify({
        lifetime: {
          status: 'fitted',
          repeatCustomers: 60000,
          timeUnit: 'week',
          horizonMonths: 12,
          monthlyDiscountRate: 0.01,
          bgnbd: { r: 0.8, alpha: 9, a: 0.7, b: 2.8, logLikelihood: -1e6, converged: true, customers },
          gammaGamma: { p: 6, q: 9.7, gamma: 127, logLikelihood: -5e5, converged: true, customers: 60000 },
        },
      })}::jsonb) RETURNING id`,
  );
  await db.execute(sql`INSERT INTO analysis_segments (run_id, workspace_id, segment, position, customers, orders, revenue)
    SELECT ${run!.id}, ${ws}, s.name, s.pos, ${customers / SEGMENTS.length}, ${orders / SEGMENTS.length}, 1e6
    FROM unnest(${sql.raw(`ARRAY[${SEGMENTS.map((s) => `'${s.replace("'", "''")}'`).join(',')}]`)}) WITH ORDINALITY s(name, pos)`);
  await db.execute(sql`INSERT INTO analysis_customers (run_id, workspace_id, customer_id, recency_days, frequency, monetary,
      r, f, m, segment, probability_alive, expected_orders_12m, clv_12m)
    SELECT ${run!.id}, ${ws}, g, (g * 31) % 1000, 1 + g % 12, (g * 13) % 5000 / 10.0, 1 + g % 5, 1 + (g / 5) % 5,
      1 + (g / 25) % 5, (${sql.raw(`ARRAY[${SEGMENTS.map((s) => `'${s.replace("'", "''")}'`).join(',')}]`)})[1 + g % ${SEGMENTS.length}],
      ((g * 7) % 1000) / 1000.0, ((g * 11) % 500) / 100.0, ((g * 17) % 100000) / 100.0
    FROM generate_series(1::bigint, ${customers}) g`);
  await db.execute(sql`ANALYZE`);
  console.log(
    `synthetic store: ${orders} orders, ${customers} customers, ${2 * orders} line items, ${DAYS} days; filled in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s; database ${bench.databaseKind}`,
  );
  const load = async (count: number, paths: readonly string[], title: string) => {
    const results = await runLoadClient({ url: server.url, cookie, concurrency, requests: count, paths });
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    console.log(`${title}: ${count} requests per endpoint, ${concurrency} in flight; load average ${load}`);
    for (const [path, r] of Object.entries(results))
      console.log(`  ${path.padEnd(46)} ${formatLatencies(r)}`);
  };
  // No sync state yet: nothing versions the warehouse, so every KPI request computes from it.
  await load(coldRequests, KPI_ENDPOINTS, 'KPIs computed on every request (cold path)');
  await db.execute(sql`INSERT INTO sync_states (workspace_id, source, status, last_success_at, updated_at)
    VALUES (${ws}, 'shopify', 'succeeded', now(), now())`);
  await load(requests, [...KPI_ENDPOINTS, ...CUSTOMER_ENDPOINTS], 'After a sync (budget p95 < 50 ms)');
} finally {
  await bench.close();
}
