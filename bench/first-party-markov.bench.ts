/**
 * First-party Markov over a long range (issue #16 leftover, decision 078): GET
 * /api/attribution/first-party?period=90&model=markov reads every non-converting visitor's path.
 * Prints the time of a read computed from the journeys (no sync state: nothing versions the data,
 * so nothing is kept) and of repeat reads answered from the cache kept per data version.
 *
 * Data: tracker sessions of BENCH_VISITORS visitors (default 200000) over 90 days, one to three
 * sessions each on a handful of channels, and BENCH_ORDERS orders (default 20000) joined to the
 * last session of one visitor each.
 * Database: DATABASE_URL (a fresh database is created and dropped) or in-memory PGlite.
 * Options: BENCH_REQUESTS (default 10).
 */
import { sql } from 'drizzle-orm';
import { startBenchServer } from './support/bench-server.ts';
import { createBenchTrackedSite } from './support/bench-tracked-site.ts';
import { load } from './support/load-average.ts';

const visitors = Number(process.env.BENCH_VISITORS ?? 200_000);
const orders = Number(process.env.BENCH_ORDERS ?? 20_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 10);
const END = '2026-10-31';
const PATH = '/api/attribution/first-party?period=90&model=markov';

const bench = await startBenchServer();
const { server, db, cookie } = bench;
try {
  const ws = bench.workspaceId;
  const filled = performance.now();
  const siteId = await createBenchTrackedSite(db, ws);
  // Visitor v: 1 + v % 3 sessions, a day apart, ending within the 90 days; channels from a short list.
  await db.execute(sql`INSERT INTO tracking_sessions (workspace_id, configuration_id, session_id, started_at,
      ended_at, event_count, click_count, last_page_url, last_page_at, first_received_at, last_received_at,
      visitor_id, utm_source, utm_medium, utm_campaign, referrer)
    SELECT ${ws}, ${siteId}, 's' || v || '-' || k, t, t, 3, 1, '/', t, t, t, 'v' || v,
      (ARRAY['facebook', 'google', 'newsletter', NULL, NULL])[1 + (v + k) % 5],
      (ARRAY['paid_social', 'cpc', 'email', NULL, NULL])[1 + (v + k) % 5],
      (ARRAY['Spring', 'Brand', 'Weekly', NULL, NULL])[1 + (v + k) % 5],
      CASE WHEN (v + k) % 5 = 4 THEN 'https://blog.example/post' END
    FROM generate_series(1, ${visitors}) v, generate_series(1, 1 + v % 3) k,
      LATERAL (SELECT ${END}::timestamptz - ((v * 7919) % 86) * interval '1 day' - k * interval '1 day'
        + interval '12 hours' AS t) ts`);
  // Orders joined to their visitor's last session (k = 1, the newest), on that session's day.
  await db.execute(sql`INSERT INTO wh_orders (workspace_id, order_id, name, currency_code, total_minor, created_at,
      updated_at, order_date, test, cancelled_at)
    SELECT ${ws}, v, '#' || v, 'USD', 1500 + (v * 7919) % 20000, s.started_at + interval '10 minutes',
      s.started_at, s.started_at::date, false, NULL
    FROM generate_series(1, ${orders}) v
    JOIN tracking_sessions s ON s.configuration_id = ${siteId} AND s.session_id = 's' || v || '-1'`);
  await db.execute(sql`INSERT INTO tracking_order_journeys (workspace_id, order_id, configuration_id, session_id,
      visitor_id, method)
    SELECT ${ws}, v, ${siteId}, 's' || v || '-1', 'v' || v, 'visitor_id' FROM generate_series(1, ${orders}) v`);
  await db.execute(sql`ANALYZE`);
  console.log(
    `filled ${visitors} visitors, ${orders} joined orders in ${((performance.now() - filled) / 1000).toFixed(1)} s`,
  );

  const time = async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}${PATH}`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`${PATH} answered ${response.status}`);
    await response.arrayBuffer();
    return performance.now() - started;
  };
  const report = async (title: string, count: number) => {
    const ms: number[] = [];
    for (let i = 0; i < count; i += 1) ms.push(await time());
    ms.sort((a, b) => a - b);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(1);
    console.log(
      `${title}: ${count} sequential reads, p50 ${at(0.5)} ms, max ${at(1)} ms; load average ${load()}`,
    );
  };
  // No sync state: the window has no version, so every read computes the credit from the journeys.
  await report('Markov 90 days, computed on every read (no data version)', Math.min(requests, 5));
  await db.execute(sql`INSERT INTO sync_states (workspace_id, source, status, last_success_at, updated_at)
    VALUES (${ws}, 'shopify', 'succeeded', now(), now())`);
  await report('Markov 90 days, first read after a sync (computed, then kept)', 1);
  await report('Markov 90 days, repeat reads (kept per data version)', requests);
} finally {
  await bench.close();
}
