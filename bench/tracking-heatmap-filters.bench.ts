/**
 * Heatmaps that know revenue (issue 16 item 4): latency of the filtered heatmap, the scroll map,
 * frustration and revenue per element over N events (default 1M; `--events 10000000` for the
 * issue's 10M goal, p95 < 100 ms for a filtered heatmap).
 *
 * - The real server runs in this process (test/support/start-app.ts) on a fresh PostgreSQL
 *   database (DATABASE_URL), and is read over HTTP with a signed-in session.
 * - The rollups of N events are written with SQL, 30 days of one site, as ingestion would have
 *   written them: hour cells (folded into tiles by the server's own fold, day by day),
 *   per-session page rows (cells, depth, viewport, clicks), page counts and sessions with
 *   visitor ids. Events: 50 a session over about 3 of 24 pages (20 `/products/…`), one in ten a
 *   click; two sessions a visitor; devices by session (phone 375 px, desktop 1280 px, wide 1920 px).
 *   3 % of visitors buy: one order each, joined to its visitor's last session.
 * - Each view is requested 25 times; the first 5 warm caches and are left out; p50/p95/p99 and
 *   the first request are printed with the load average. Asserts nothing.
 *
 * Run: `node --import tsx bench/tracking-heatmap-filters.bench.ts [--events N] [--keep]` (or BENCH_EVENTS=N with
 * `npm run bench -- --only heatmap-filters`). `--keep` (BENCH_KEEP_DATABASE=1) leaves the seeded
 * PostgreSQL database in place and prints its URL, for EXPLAIN (drop it by hand afterwards).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase } from '../src/server/db/client.ts';
import { queryRows } from '../src/server/db/query-rows.ts';
import { ensureEventPartition, utcDayOf } from '../src/server/domain/tracking/partitions.ts';
import { FOLD_MARGIN_MS, foldHeatmapTiles } from '../src/server/features/tracking/ingest/heatmap-fold.ts';
import { startTestApp, type TestApp } from '../test/support/start-app.ts';
import { createTestDatabase } from '../test/support/test-database.ts';
import { addWebsite } from '../test/tracking/ingest-helpers.ts';
import { load } from './support/load-average.ts';
import { ms, percentile } from './support/percentile.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: process.env.BENCH_EVENTS ?? '1000000' },
    keep: { type: 'boolean', default: process.env.BENCH_KEEP_DATABASE === '1' },
    reuse: { type: 'string' },
  },
});
const EVENTS = Number(values.events);
const DAYS = 30;
const EVENTS_PER_SESSION = 50;
const ORIGIN = 'https://filters-bench.example';

/**
 * One day's rollups of `events` events, sessions numbered from `firstSession`. Every figure comes
 * from one generated event list, aggregated like ingestion (rollup.ts, session-pages.ts) does.
 */
function seedDay(
  workspaceId: string,
  configurationId: string,
  day: string,
  events: number,
  firstSession: number,
) {
  return sql`
    WITH ev AS (
      SELECT ${firstSession}::int + g / ${EVENTS_PER_SESSION}::int AS s,
        -- About three pages a session: 20 product pages, the home page, 3 collections.
        CASE WHEN p < 20 THEN ${ORIGIN} || '/products/item-' || p
             WHEN p = 20 THEN ${ORIGIN} || '/'
             ELSE ${ORIGIN} || '/collections/c-' || p END AS page,
        CASE WHEN g % 10 = 0 THEN 'click' ELSE 'cursor_move' END AS t,
        (ARRAY['mobile', 'desktop', 'wide'])[1 + (${firstSession}::int + g / ${EVENTS_PER_SESSION}::int) % 3] AS v,
        least(99, floor(abs(50 + 20 * sqrt(-2 * ln(random())) * cos(2 * pi() * random()))))::int AS xb,
        least(250, floor(random() * random() * 250))::int AS yb,
        ${day}::timestamptz + ((g * 37) % 86000) * interval '1 second' AS at,
        g
      FROM (SELECT g, ((g / 17) * 7 + g / ${EVENTS_PER_SESSION}::int) % 24 AS p
            FROM generate_series(0, ${events}::int - 1) AS g) AS base
    ), cells AS (
      INSERT INTO tracking_heatmap_hour_parts (workspace_id, configuration_id, page_url, hour, viewport_bucket,
        event_type, x_bins, y_bins, counts)
      SELECT ${workspaceId}::uuid, ${configurationId}::uuid, page, hour, v, t, array_agg(xb), array_agg(yb), array_agg(n)
      FROM (SELECT page, date_trunc('hour', at) AS hour, v, t, xb, yb, count(*) AS n
            FROM ev GROUP BY page, date_trunc('hour', at), v, t, xb, yb) AS binned
      GROUP BY page, hour, v, t
    ), parts AS (
      SELECT s, page, v, (CASE WHEN t = 'click' THEN 1 ELSE 2 END) * 16777216 + yb * 100 + xb AS code, count(*) AS n
      FROM ev GROUP BY s, page, v, 4
    ), clicks AS (
      SELECT s, page, v, jsonb_agg(jsonb_build_array(extract(epoch FROM at) * 1000, xb * 12, yb * 16,
        '#el-' || (xb / 10) || '-' || (yb / 25), 0)) AS list
      FROM ev WHERE t = 'click' GROUP BY s, page, v
    ), session_pages AS (
      INSERT INTO tracking_session_pages (workspace_id, configuration_id, page_url, day, viewport_bucket, session_id,
        viewport_height, scroll_depth, cells, clicks)
      SELECT ${workspaceId}::uuid, ${configurationId}::uuid, p.page, ${day}::date, p.v, 's' || p.s,
        CASE p.v WHEN 'mobile' THEN 700 ELSE 900 END, (p.s * 13) % 101, p.cells, coalesce(c.list, '[]'::jsonb)
      FROM (SELECT s, page, v, string_agg(int4send(code::int) || int4send(n::int), ''::bytea) AS cells
            FROM parts GROUP BY s, page, v) AS p
      LEFT JOIN clicks c USING (s, page, v)
    ), pages AS (
      INSERT INTO tracking_page_counts (workspace_id, configuration_id, page_url, day, event_count)
      SELECT ${workspaceId}::uuid, ${configurationId}::uuid, page, ${day}::date, count(*) FROM ev GROUP BY page
    )
    INSERT INTO tracking_sessions (workspace_id, configuration_id, session_id, started_at, ended_at, event_count,
      click_count, last_page_url, last_page_at, first_received_at, last_received_at, visitor_id, device)
    SELECT ${workspaceId}::uuid, ${configurationId}::uuid, 's' || s, min(at), max(at), count(*),
      count(*) FILTER (WHERE t = 'click'), max(page), max(at), min(at), max(at), 'v' || (s / 2), min(v)
    FROM ev GROUP BY s`;
}

/** Seeds the rollups of EVENTS events over `days` for a new site of the signed-in owner. */
async function seed(app: TestApp, cookie: string, days: string[]) {
  const site = await addWebsite(app, cookie, ORIGIN, 'Filters bench');
  const db = app.db;
  const [config] = await queryRows(
    db,
    z.object({ id: z.string(), workspace_id: z.string() }),
    sql`SELECT id, workspace_id FROM tracking_configurations WHERE tracking_id = ${site.trackingId}`,
  );
  const { id: configurationId, workspace_id: workspaceId } = config!;
  const perDay = Math.ceil(EVENTS / DAYS / EVENTS_PER_SESSION) * EVENTS_PER_SESSION;
  const started = performance.now();
  for (const [i, day] of days.entries()) {
    await ensureEventPartition(db, day);
    await db.execute(seedDay(workspaceId, configurationId, day, perDay, (i * perDay) / EVENTS_PER_SESSION));
    await foldHeatmapTiles(db, new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000 + FOLD_MARGIN_MS));
  }
  // 3 % of visitors buy once; the order is joined to the visitor's second session.
  await db.execute(sql`
    WITH buyers AS (
      SELECT visitor_id, max(session_id) AS session_id, max(ended_at) AS at,
        row_number() OVER (ORDER BY visitor_id) AS n
      FROM tracking_sessions WHERE configuration_id = ${configurationId}::uuid AND hashtext(visitor_id) % 100 < 3
        AND hashtext(visitor_id) % 100 >= 0
      GROUP BY visitor_id
    ), orders AS (
      INSERT INTO wh_orders (workspace_id, order_id, name, currency_code, total_minor, created_at, updated_at, order_date)
      SELECT ${workspaceId}::uuid, n, '#' || n, 'USD', 2000 + (n * 137) % 8000, at + interval '1 minute',
        at + interval '1 minute', (at + interval '1 minute')::date
      FROM buyers
    )
    INSERT INTO tracking_order_journeys (workspace_id, order_id, configuration_id, session_id, visitor_id, method)
    SELECT ${workspaceId}::uuid, n, ${configurationId}::uuid, session_id, visitor_id, 'visitor_id' FROM buyers`);
  await db.execute(sql`VACUUM ANALYZE tracking_session_pages, tracking_sessions, tracking_order_journeys, wh_orders,
    tracking_heatmap_tiles, tracking_heatmap_hour_parts, tracking_page_counts`);
  const [sizes] = await queryRows(
    db,
    z.object({
      sessions: z.string(),
      rows: z.string(),
      mb: z.string(),
      orders: z.string(),
      tiles: z.string(),
    }),
    sql`SELECT (SELECT count(*) FROM tracking_sessions) AS sessions, (SELECT count(*) FROM tracking_session_pages) AS rows,
      (SELECT round(pg_total_relation_size('tracking_session_pages') / 1e6)) AS mb,
      (SELECT count(*) FROM tracking_order_journeys) AS orders, (SELECT count(*) FROM tracking_heatmap_tiles) AS tiles`,
  );
  console.log(
    `seeded in ${((performance.now() - started) / 1000).toFixed(0)} s: ${sizes?.sessions} sessions, ` +
      `${sizes?.rows} session-page rows (${sizes?.mb} MB), ${sizes?.tiles} tiles, ${sizes?.orders} joined orders; load average ${load()}`,
  );
}

async function main() {
  console.log(`heatmap filters bench: ${EVENTS} events over ${DAYS} days; load average ${load()} at start`);
  // --reuse URL: time the views on a database a --keep run seeded the same UTC day (the server
  // migrates it first), skipping the seeding.
  const database = values.reuse
    ? {
        database: await openDatabase({ kind: 'postgres', url: values.reuse, maxConnections: 5 }),
        url: values.reuse,
        drop: async () => {},
      }
    : await createTestDatabase();
  // --keep (or BENCH_KEEP_DATABASE=1): leave the seeded database for EXPLAIN; its URL is printed.
  if (values.keep || values.reuse) database.drop = () => database.database.close();
  const app = await startTestApp({ LOG_LEVEL: 'warn' }, { database });
  try {
    // Sign-in identities are per issuer, and the issuer is this run's port: the seeding run's
    // owner signs in again as themselves.
    if (values.reuse)
      await app.db.execute(sql`UPDATE users SET issuer = ${`${app.baseUrl}/oidc`}
        WHERE id = (SELECT id FROM users ORDER BY created_at LIMIT 1)`);
    const cookie = await app.signIn('bench-filters@example.com', 'Bench');
    const now = new Date();
    const days = Array.from({ length: DAYS }, (_, i) =>
      utcDayOf(new Date(now.getTime() - (DAYS - i) * 86_400_000)),
    );
    if (!values.reuse) await seed(app, cookie, days);
    const page = `${ORIGIN}/products/item-3`;
    const week = `&from=${days[DAYS - 7]}&to=${days[DAYS - 1]}`;
    const views = [
      ['heatmap, one page (unfiltered)', `/api/cursor-tracking/heatmap?page=${page}`],
      ['heatmap, one page, converted=true', `/api/cursor-tracking/heatmap?page=${page}&converted=true`],
      ['heatmap, one page, converted=false', `/api/cursor-tracking/heatmap?page=${page}&converted=false`],
      [
        'heatmap, /products/*, device=mobile',
        '/api/cursor-tracking/heatmap?pattern=/products/*&device=mobile',
      ],
      [
        'heatmap, /products/*, converted=true, clicks, last 7 days',
        `/api/cursor-tracking/heatmap?pattern=/products/*&converted=true&eventType=click${week}`,
      ],
      [
        'heatmap, /products/*, converted=false, desktop, last 7 days',
        `/api/cursor-tracking/heatmap?pattern=/products/*&converted=false&device=desktop${week}`,
      ],
      ['scroll map, one page', `/api/cursor-tracking/scroll?pageUrl=${page}`],
      ['frustration, one page, last 7 days', `/api/cursor-tracking/frustration?page=${page}${week}`],
      ['revenue per element, one page', `/api/cursor-tracking/element-revenue?page=${page}`],
    ] as const;
    for (const [name, path] of views) {
      const times: number[] = [];
      let first = 0;
      let status = 0;
      for (let i = 0; i < 25; i++) {
        const t0 = performance.now();
        const response = await app.request(path.replaceAll('*', '%2A'), { cookie });
        status = response.status;
        await response.arrayBuffer();
        const took = performance.now() - t0;
        if (i === 0) first = took;
        if (i >= 5) times.push(took);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${name}: p50 ${ms(percentile(times, 0.5))}, p95 ${ms(percentile(times, 0.95))}, p99 ${ms(percentile(times, 0.99))} ` +
          `(first ${ms(first)}, HTTP ${status}); load average ${load()}`,
      );
    }
  } finally {
    await app.close();
    if (values.keep) console.log(`database kept: ${database.url ?? '(PGlite: not kept)'}`);
  }
}

await main();
