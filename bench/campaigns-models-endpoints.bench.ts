/**
 * Campaign Performance and Predictive Models at the design §8 size (1M orders, 100k customers):
 * p50/p95 of their endpoints under concurrent load from a second process
 * (bench/support/load-client.ts; budget p95 < 50 ms), and the time the per-run model checks
 * (holdout forecasts, Pareto/NBD, calibration) take in the background after the first read.
 *
 * The warehouse is filled with synthetic rows by generate_series (what the reads see is the same as
 * after a sync: orders over three years with UTM tags, first-visit touchpoints, refunds, Meta
 * campaigns and daily insights), plus one succeeded analysis run with a fitted lifetime model.
 *
 * Database: DATABASE_URL (a fresh database is created and dropped) or in-memory PGlite.
 * Options: BENCH_ORDERS (default 1000000), BENCH_CUSTOMERS (default 100000), BENCH_REQUESTS
 * (default 200), BENCH_CONCURRENCY (default 8).
 */
import { sql } from 'drizzle-orm';
import { startBenchServer } from './support/bench-server.ts';
import { load } from './support/load-average.ts';
import { formatLatencies, runLoadClient } from './support/load-client.ts';

const orders = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const customers = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const DAYS = 1095;
const END = '2026-10-31';
const CAMPAIGNS = 12;
const ENDPOINTS = [
  '/api/campaigns?period=7',
  '/api/campaigns?period=30',
  '/api/campaigns?period=90',
  '/api/models/diagnostics',
  '/api/models/runs',
];

const bench = await startBenchServer();
const { server, db, cookie } = bench;
try {
  const ws = bench.workspaceId;
  const fillStarted = performance.now();
  await db.execute(sql`INSERT INTO wh_shops (workspace_id, shop_domain, name, currency_code, currency_digits, iana_timezone)
    VALUES (${ws}, 'bench.myshopify.com', 'Bench', 'USD', 2, 'America/New_York')`);
  // One order in five from a Meta ad of one of the campaigns; the rest Google, email, direct, referral.
  await db.execute(sql`INSERT INTO wh_orders (workspace_id, order_id, name, currency_code, total_minor, created_at,
      updated_at, order_date, test, cancelled_at, customer_id, utm_source, utm_medium, utm_campaign, source_type,
      moments_count)
    SELECT ${ws}, g, '#' || g, 'USD', 1500 + (g * 7919) % 20000, d::timestamptz, d::timestamptz, d,
      g % 200 = 0, CASE WHEN g % 100 = 1 THEN d::timestamptz END,
      CASE WHEN g % 20 = 0 THEN NULL ELSE 1 + (g * 104729) % ${customers} END,
      (ARRAY['facebook', 'google', 'newsletter', NULL, 'blog'])[1 + g % 5],
      (ARRAY['paid_social', 'cpc', 'email', NULL, 'referral'])[1 + g % 5],
      CASE WHEN g % 5 = 0 THEN 'Campaign ' || (1 + g / 5 % ${CAMPAIGNS}) WHEN g % 5 = 2 THEN 'Weekly' END,
      (ARRAY['SOCIAL', 'SEARCH', 'EMAIL', 'DIRECT', 'REFERRAL'])[1 + g % 5], 2
    FROM generate_series(1::bigint, ${orders}) g,
      LATERAL (SELECT (${END}::date - ((${orders} - g) * ${DAYS} / ${orders})::int) AS d) day`);
  // First visits: direct-last orders that began on a Meta ad (last non-direct credits the campaign).
  await db.execute(sql`INSERT INTO wh_journey_touchpoints (workspace_id, order_id, position, source_type, utm_source,
      utm_medium, utm_campaign)
    SELECT workspace_id, order_id, 0, 'SOCIAL', 'facebook', 'paid_social', 'Campaign ' || (1 + order_id % ${CAMPAIGNS})
    FROM wh_orders WHERE workspace_id = ${ws} AND order_id % 5 = 3`);
  await db.execute(sql`INSERT INTO wh_refunds (workspace_id, refund_id, order_id, created_at, refund_date, amount_minor, currency_code)
    SELECT workspace_id, order_id, order_id, created_at + interval '3 days', order_date + 3, total_minor / 2, 'USD'
    FROM wh_orders WHERE workspace_id = ${ws} AND order_id % 33 = 0`);
  await db.execute(sql`INSERT INTO wh_meta_campaigns (workspace_id, campaign_id, name, status, effective_status, currency_code)
    SELECT ${ws}, 'c' || c, 'Campaign ' || c, 'ACTIVE', 'ACTIVE', 'USD' FROM generate_series(1, ${CAMPAIGNS}) c`);
  await db.execute(sql`INSERT INTO wh_meta_daily_insights (workspace_id, date, campaign_id, campaign_name, spend_minor,
      impressions, clicks, reported_purchases, reported_purchase_value_minor, currency_code)
    SELECT ${ws}, ${END}::date - d, 'c' || c, 'Campaign ' || c, 5000 + c * 100, 1000, 50, 3, 30000, 'USD'
    FROM generate_series(0, ${DAYS - 1}) d, generate_series(1, ${CAMPAIGNS}) c`);
  await db.execute(sql`INSERT INTO analysis_runs (workspace_id, status, trigger, as_of, currency_code, started_at,
      finished_at, duration_ms, diagnostics, forecast_accuracy)
    VALUES (${ws}, 'succeeded', 'test', ${END}, 'USD', now(), now(), 1000, ${JSON.stringify({
      customers,
      candidates: 12,
      lifetime: {
        status: 'fitted',
        repeatCustomers: customers,
        timeUnit: 'week',
        horizonMonths: 12,
        monthlyDiscountRate: 0.01,
        bgnbd: { r: 2, alpha: 20, a: 0.5, b: 8, logLikelihood: -1e6, converged: true, customers },
        gammaGamma: { p: 6, q: 9.7, gamma: 127, logLikelihood: -5e5, converged: true, customers },
      },
    })}::jsonb, ${JSON.stringify({
      model: 'ensemble',
      origins: 16,
      horizon: 28,
      accuracy: { mase: 0.8, smape: 20, wape: 20 },
      seasonalNaive: { mase: 1, smape: 25, wape: 25 },
      weekdayMean: { mase: 0.9, smape: 22, wape: 22 },
    })}::jsonb)`);
  await db.execute(sql`ANALYZE`);
  console.log(
    `synthetic store: ${orders} orders, ${customers} customers, ${DAYS} days, ${CAMPAIGNS} campaigns; filled in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s; database ${bench.databaseKind}`,
  );

  // The checks: computed in the background after the first read; timed until they are stored.
  const checksStarted = performance.now();
  type ChecksState = { status: string; durationMs: number | null; error: string | null } | null;
  let checks: ChecksState = null;
  for (let i = 0; i < 1200 && checks?.status !== 'ready' && checks?.status !== 'failed'; i += 1) {
    const answer = (await (
      await fetch(`${server.url}/api/models/diagnostics`, { headers: { cookie } })
    ).json()) as { checks: ChecksState };
    checks = answer.checks;
    if (checks?.status === 'computing') await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.log(
    `model checks (holdout forecasts, Pareto/NBD, frequency, calibration): ${checks?.status} in ${checks?.durationMs} ms (first read to stored: ${Math.round(performance.now() - checksStarted)} ms)${checks?.error ? `, error ${checks.error}` : ''}; load average ${load()}`,
  );

  const results = await runLoadClient({ url: server.url, cookie, concurrency, requests, paths: ENDPOINTS });
  console.log(
    `${requests} requests per endpoint, ${concurrency} in flight, from a second process (budget p95 < 50 ms); load average ${load()}:`,
  );
  for (const [path, r] of Object.entries(results)) console.log(`  ${path.padEnd(30)} ${formatLatencies(r)}`);
} finally {
  await bench.close();
}
