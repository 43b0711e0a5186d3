/**
 * The checkout funnel report over many pixel events (issue 40 target: 10M events, < 1 s p95),
 * read from the pre-aggregates (decisions 134, 141: medians in two levels, gap buckets then exact gaps).
 * What it plants (decision 153), all by INSERT … SELECT over generate_series in the database:
 * - BENCH_EVENTS pixel events (default 1,000,000; BENCH_PRESET=10m for 10,000,000) over 30 days,
 *   in BENCH_EVENTS / 4 sessions: session v has 1 + v % 7 events (a page view, then the checkout
 *   steps in order, abandoning at a step of its own), each received 2 s after it happened; a
 *   tracking_sessions row each (device by v % 3), pixel-only sessions; for the other filters
 *   (decision 188): 1 in 10 of campaign `spring`, visitor `vis<v / 2>` (so about half are returning
 *   visitors), 1 in 5 landed in A/B experiment `hero` (variant `a` or `b`: half of them each), and
 *   1 in 12,500 of campaign `rare` (a filter a drill-down's walks find few sessions of, decision 225).
 * - Steps are 40 s apart plus a jitter: whole seconds by default, or whole milliseconds with
 *   BENCH_GAPS=ms (every session's gaps distinct: the daily step table then holds about a row per
 *   session and step, as real pixel times do).
 * - An order per session that completed checkout (1 in 7 sessions: v % 7 = 6), placed at its
 *   checkout_completed, joined to the session (tracking_order_journeys, pixel_order_id): the fold
 *   keeps their revenue in the daily revenue rollup (decision 174; the tails' orders are marked by
 *   the triggers). BENCH_ORDERS=0 leaves them out (the figures before decision 153).
 * The first fill is a bulk load (bench/support/bulk-load.ts: indexes dropped and rebuilt, row
 * triggers off), then ANALYZE; its order days are then marked, as the triggers would have, and the
 * analysis facts refreshed as an analysis run after a sync does (the report's revenue share reads
 * them, decision 188). Prints the fill time; the first fold (foldFunnel over every event:
 * the rebuild the job after ingestion does once; a first report's fold-first does the same); then
 * BENCH_REQUESTS (default 10) rounds, each of:
 * BENCH_TAIL (default 400) new events received, then GET /api/funnels/checkout/report over the 30
 * days (the issue's request: it folds its pending tail first); another tail, folded alone
 * (foldFunnel, as that request does first), then the same request with nothing new to fold (the
 * read). p50/p95 of each, with the machine's load and the sizes of the rollups. Then
 * BENCH_FILTER_REQUESTS (default 3) reads per filter kind, nothing new to fold: none, a device and
 * a channel (columns of the daily tables), a campaign, an A/B variant, new and returning visitors
 * (slices of the daily tables, decisions 199 and 202), and with BENCH_SEGMENT=1 (off by default: at 3M
 * one read ran past 5 minutes, decision 202) an RFM segment (counted in one SQL
 * statement over the filtered sessions' folded paths, decision 192; the segments are planted as an
 * analysis run's: customer v / 2 of session v's order is visitor `vis<v / 2>`, a Champion when
 * v / 2 % 4 = 0); and as many reads of the step drill-down (decision 208: GET
 * /api/funnels/checkout/steps/:step/sessions) of steps 1 and 5, of step 1 by channel, of step 5 by
 * campaign `spring` and of step 1 by campaign `rare` (decision 225). Then BENCH_AB (default 3) alternating rounds, per campaign, variant, new and
 * returning filter, of its two reads called in this process: decision 192's statement
 * (readFilteredFunnelCounts, the path before decisions 199 and 202) and the slice (readFunnelCounts);
 * their results must be equal; each with its wall
 * time, the CPU seconds of this process (Node) and of the database's server processes (from /proc),
 * and the buffers the database read (blocks hit + read in pg_stat_database, after an 11 s wait for
 * the backends to report them; other work on the bench's database, autovacuum, counts too), after a
 * VACUUM (ANALYZE) of the tables both read (the state autovacuum leaves them in).
 * Database: DATABASE_URL (a fresh database is created and dropped) or in-memory PGlite. BENCH_HOLD=<file>:
 * at the end the database's name is written to that file and the run waits (the database kept, for
 * EXPLAIN) until the file is removed.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../src/server/db/client.ts';
import { queryRows } from '../src/server/db/query-rows.ts';
import { refreshAnalysisFacts } from '../src/server/domain/analysis-facts/refresh-analysis-facts.ts';
import { CHECKOUT_FUNNEL } from '../src/server/domain/funnels/checkout-funnel.ts';
import { foldFunnel } from '../src/server/domain/funnels/fold-funnel.ts';
import { readFilteredFunnelCounts } from '../src/server/domain/funnels/read-filtered-funnel-counts.ts';
import { readFunnelCounts } from '../src/server/domain/funnels/read-funnel-rollups.ts';
import { sliceFunnelSegments } from '../src/server/domain/funnels/slice-funnel-segments.ts';
import { CHECKOUT_STEPS } from '../src/shared/pixel-event-names.ts';
import { startBenchServer } from './support/bench-server.ts';
import { createBenchTrackedSite } from './support/bench-tracked-site.ts';
import { bulkLoad } from './support/bulk-load.ts';
import { load } from './support/load-average.ts';
import { percentile } from './support/percentile.ts';
import { cpuSeconds } from './support/profit-bench.ts';

const events =
  process.env.BENCH_PRESET === '10m' ? 10_000_000 : Number(process.env.BENCH_EVENTS ?? 1_000_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 10);
const filterRequests = Number(process.env.BENCH_FILTER_REQUESTS ?? 3);
const abRounds = Number(process.env.BENCH_AB ?? 3);
const tail = Number(process.env.BENCH_TAIL ?? 400);
const orders = process.env.BENCH_ORDERS !== '0';
/** A file: at the end the database is kept (its name written there) until the file is removed. */
const hold = process.env.BENCH_HOLD;
/** The RFM segment reads, decision 192's statement: at 3M one read ran past 5 minutes (decision 202). */
const segment = process.env.BENCH_SEGMENT === '1';
/** Jitter of each step's time: whole seconds (0–89 s) or whole milliseconds (0–89.999 s). */
const jitter =
  process.env.BENCH_GAPS === 'ms'
    ? sql.raw(`((v * k * 7919) % 90000) * interval '1 millisecond'`)
    : sql.raw(`((v * k * 37) % 90) * interval '1 second'`);
const END = '2026-11-30';
const PATH = `/api/funnels/checkout/report?from=2026-11-01&to=${END}`;
const STEPS = sql.raw(`ARRAY[${['page_viewed', ...CHECKOUT_STEPS].map((name) => `'${name}'`).join(', ')}]`);
// Session v has 1 + v % 7 events: about 4 per session on average.
const sessions = Math.ceil(events / 4);
const Count = z.object({ n: z.coerce.number() });

const bench = await startBenchServer();
const { server, db, cookie } = bench;
try {
  const ws = bench.workspaceId;
  const siteId = await createBenchTrackedSite(db, ws);
  /** Sessions `first`…`last`, started over the 29 days to END (or at `at`), with their pixel events. */
  const fill = async (into: Db, first: number, last: number, at: string | null) => {
    const start = at
      ? sql`${at}::timestamptz`
      : sql`${END}::timestamptz - ((v * 7919) % (29 * 86400)) * interval '1 second'`;
    await into.execute(sql`INSERT INTO tracking_sessions (workspace_id, configuration_id, session_id, started_at,
        ended_at, event_count, click_count, last_page_url, last_page_at, first_received_at, last_received_at, device,
        utm_campaign, visitor_id, landing_url)
      SELECT ${ws}, ${siteId}, 'px' || v, t, t, 1 + v % 7, 0, '/', t, t, t,
        (ARRAY['mobile', 'desktop', 'tablet'])[(1 + v % 3)::integer],
        CASE WHEN v % 10 = 0 THEN 'spring' WHEN v % 12500 = 1 THEN 'rare' END, 'vis' || v / 2,
        CASE WHEN v % 5 = 0 THEN 'https://bench.example/?upside_exp=hero:' || (ARRAY['a', 'b'])[(1 + v / 5 % 2)::integer] END
      FROM generate_series(${first}::bigint, ${last}::bigint) v, LATERAL (SELECT ${start} AS t) ts`);
    await into.execute(sql`INSERT INTO tracking_pixel_events (workspace_id, configuration_id, event_id, name,
        occurred_at, received_at, session_id, page_url, consent_analytics, consent_marketing, consent_preferences,
        consent_sale_of_data)
      SELECT ${ws}, ${siteId}, 'e' || v || '-' || k, (${STEPS})[k::integer], o.at, ${at ? sql`now()` : sql`o.at + interval '2 seconds'`},
        'px' || v, 'https://bench.example/checkouts/cn/' || v, true, false, false, false
      FROM generate_series(${first}::bigint, ${last}::bigint) v, generate_series(1, 1 + v % 7) k,
        LATERAL (SELECT ${start} + k * interval '40 seconds' + ${jitter} AS at) o`);
    if (!orders) return;
    // The sessions that reached checkout_completed (their 7th event, k = 7) placed an order then.
    // Customer v / 2 is visitor `vis<v / 2>` (the segment filter's join through the visitor).
    await into.execute(sql`INSERT INTO wh_orders (workspace_id, order_id, name, currency_code, total_minor,
        created_at, updated_at, order_date, customer_id)
      SELECT ${ws}, v, '#' || v, 'USD', 1000 + (v * 7919) % 20000, o.at, o.at, (o.at AT TIME ZONE 'UTC')::date, v / 2
      FROM generate_series(${first}::bigint, ${last}::bigint) v, LATERAL (SELECT 7 AS k) s,
        LATERAL (SELECT ${start} + k * interval '40 seconds' + ${jitter} AS at) o
      WHERE v % 7 = 6`);
    await into.execute(sql`INSERT INTO tracking_order_journeys (workspace_id, order_id, configuration_id,
        session_id, visitor_id, method)
      SELECT ${ws}, v, ${siteId}, 'px' || v, 'vis' || v / 2, 'pixel_order_id'
      FROM generate_series(${first}::bigint, ${last}::bigint) v WHERE v % 7 = 6`);
  };
  const filled = performance.now();
  await bulkLoad(db, ['tracking_sessions', 'tracking_pixel_events'], (tx) => fill(tx, 1, sessions, null));
  // What the order triggers would have marked, then the analysis run's refresh of its facts.
  await db.execute(sql`INSERT INTO wh_fact_dirty_days (workspace_id, order_date)
    SELECT DISTINCT workspace_id, order_date FROM wh_orders WHERE workspace_id = ${ws}::uuid`);
  await refreshAnalysisFacts(db, ws);
  // An analysis run's RFM segments, planted: customer c is a Champion when c % 4 = champion (the
  // segment filter reads the latest succeeded run's analysis_customers), and the job after the run
  // (decision 224): its members copied, every folded funnel re-sliced; timed.
  const analysisRun = async (champion: number) => {
    await db.execute(sql`WITH run AS (INSERT INTO analysis_runs (workspace_id, status, trigger, started_at, finished_at)
        VALUES (${ws}, 'succeeded', 'bench', clock_timestamp(), clock_timestamp()) RETURNING id)
      INSERT INTO analysis_customers (run_id, workspace_id, customer_id, recency_days, frequency, monetary, r, f, m, segment)
      SELECT run.id, ${ws}, c.customer_id, 1, 1, 1, 5, 5, 5,
        CASE WHEN c.customer_id % 4 = ${champion} THEN 'Champions' ELSE 'Others' END
      FROM run, (SELECT DISTINCT customer_id FROM wh_orders WHERE workspace_id = ${ws}::uuid) c`);
    return async () => {
      const started = performance.now();
      const sliced = await sliceFunnelSegments(db, ws);
      const [members] = await queryRows(db, Count, sql`SELECT count(*) AS n FROM funnel_segment_members`);
      return `${((performance.now() - started) / 1000).toFixed(1)} s (${members!.n} member journeys copied, ${sliced.funnels} funnels re-sliced, ${sliced.sessions} sessions moved); load average ${load()}`;
    };
  };
  const firstSlice = await analysisRun(0);
  await db.execute(sql`ANALYZE`);
  if (segment)
    console.log(`segment members of the first run copied (no funnel folded yet): ${await firstSlice()}`);
  const [count] = await queryRows(db, Count, sql`SELECT count(*) AS n FROM tracking_pixel_events`);
  const [orderCount] = await queryRows(db, Count, sql`SELECT count(*) AS n FROM tracking_order_journeys`);
  console.log(
    `filled ${count!.n} pixel events in ${sessions} sessions, ${orderCount!.n} joined orders, in ${((performance.now() - filled) / 1000).toFixed(1)} s; load average ${load()}`,
  );
  const read = async (filter = '', path = PATH) => {
    const started = performance.now();
    const response = await fetch(`${server.url}${path}${filter}`, { headers: { cookie } });
    if (response.status !== 200)
      throw new Error(`${path}${filter} answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    return performance.now() - started;
  };
  const checkout = {
    workspaceId: ws,
    key: CHECKOUT_FUNNEL.id,
    steps: CHECKOUT_FUNNEL.steps,
    windowMinutes: CHECKOUT_FUNNEL.windowMinutes,
    timeZone: 'UTC',
  };
  // The first fold, the rebuild, called as the report calls it: at 10M it outlasts fetch's 300 s
  // wait for response headers.
  const rebuilt = performance.now();
  await foldFunnel(db, checkout);
  const rebuild = performance.now() - rebuilt;
  const [marks] = await queryRows(db, Count, sql`SELECT count(*) AS n FROM funnel_session_marks`);
  const [days] = await queryRows(db, Count, sql`SELECT count(*) AS n FROM funnel_step_days`);
  const [buckets] = await queryRows(db, Count, sql`SELECT count(*) AS n FROM funnel_step_buckets`);
  console.log(
    `first fold (the rebuild) of all ${count!.n} events: ${(rebuild / 1000).toFixed(1)} s (${marks!.n} session rows, ${days!.n} daily step rows, ${buckets!.n} daily bucket rows); load average ${load()}`,
  );
  let next = sessions + 1;
  /** A tail of new sessions received since the last read (about `tail` events). */
  const receive = async () => {
    const last = next + Math.ceil(tail / 4) - 1;
    await fill(db, next, last, `${END}T12:00:00Z`);
    next = last + 1;
  };
  const requested: number[] = [];
  const folds: number[] = [];
  const reads: number[] = [];
  for (let i = 0; i < requests; i += 1) {
    await receive();
    requested.push(await read());
    await receive();
    const started = performance.now();
    await foldFunnel(db, checkout);
    folds.push(performance.now() - started);
    reads.push(await read());
  }
  const summary = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `p50 ${percentile(sorted, 0.5).toFixed(0)} ms, p95 ${percentile(sorted, 0.95).toFixed(0)} ms`;
  };
  console.log(
    `checkout funnel over ${count!.n} events${orders ? ` and ${orderCount!.n} joined orders` : ''} (+${tail} new before each request), ${requests} rounds; load average ${load()}
  request folding its tail first (the issue's figure): ${summary(requested)}
  fold of a tail alone: ${summary(folds)}
  request after that fold (the read): ${summary(reads)}`,
  );
  for (const filter of [
    '',
    '&device=mobile',
    '&channel=direct',
    '&campaign=spring',
    '&experiment=hero&variant=a',
    '&visitor=new',
    '&visitor=returning',
    ...(segment ? ['&segment=Champions'] : []),
  ]) {
    const times: number[] = [];
    for (let i = 0; i < filterRequests; i += 1) times.push(await read(filter));
    console.log(
      `  request filtered by ${filter.slice(1) || 'nothing'}, ${filterRequests} reads: ${summary(times)}; load average ${load()}`,
    );
  }
  if (segment) {
    // A second run moves every Champion (c % 4 = 1 now): until its re-slice the segment report counts
    // over the sessions (decision 192's statement, the read before decision 224); then the slice again.
    const reslice = await analysisRun(1);
    for (const when of ['re-slice pending (decision 192 statement)', 'after the re-slice (slice)']) {
      if (!when.startsWith('re-slice'))
        console.log(`  re-slice of the checkout funnel for the second run: ${await reslice()}`);
      const times: number[] = [];
      for (let i = 0; i < filterRequests; i += 1) times.push(await read('&segment=Champions'));
      console.log(
        `  request filtered by segment=Champions, ${when}, ${filterRequests} reads: ${summary(times)}; load average ${load()}`,
      );
    }
  }
  // The step drill-down (decision 208): step 1 lists from every session that passed it, step 5 has
  // sessions that left at it (v % 7 = 4); unfiltered and by a channel (the fold's stored channel).
  for (const [step, filter] of [
    [1, ''],
    [5, ''],
    [1, '&channel=direct'],
    [5, '&campaign=spring'],
    [1, '&campaign=rare'],
  ] as const) {
    const times: number[] = [];
    const path = `/api/funnels/checkout/steps/${step}/sessions?from=2026-11-01&to=${END}`;
    for (let i = 0; i < filterRequests; i += 1) times.push(await read(filter, path));
    console.log(
      `  drill-down of step ${step}${filter ? ` by ${filter.slice(1)}` : ''}, ${filterRequests} reads: ${summary(times)}; load average ${load()}`,
    );
  }
  const buffers = async () => {
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    const [row] = await queryRows(
      db,
      Count,
      sql`SELECT blks_hit + blks_read AS n FROM pg_stat_database WHERE datname = current_database()`,
    );
    return row?.n ?? 0;
  };
  // As autovacuum leaves the tables in time: pages all-visible, so index-only scans stay in the index.
  await db.execute(sql`VACUUM (ANALYZE) funnel_step_days, funnel_step_buckets, funnel_revenue_days,
    funnel_session_marks, funnel_buyer_sessions, tracking_sessions`);
  const period = { workspaceId: ws, from: '2026-11-01', to: END, stepCount: CHECKOUT_FUNNEL.steps.length };
  for (const [filters, slice] of [
    [{ campaign: 'spring' }, 'c:spring'],
    [{ experiment: 'hero', variant: 'a' }, 'v:hero:a'],
    [{ visitor: 'new' }, 'n:new'],
    [{ visitor: 'returning' }, 'n:returning'],
    ...(segment ? ([[{ segment: 'Champions' }, 'r:Champions']] as const) : []),
  ] as const) {
    const reads = {
      'SQL count (decision 192)': () =>
        readFilteredFunnelCounts(db, CHECKOUT_FUNNEL.id, { ...period, timeZone: 'UTC', filters }),
      'slice (decisions 199, 202, 224)': () => readFunnelCounts(db, CHECKOUT_FUNNEL.id, { ...period, slice }),
    };
    const results = new Map<string, string>();
    for (let round = 0; round < abRounds; round += 1)
      for (const [name, readCounts] of Object.entries(reads)) {
        const blocks = await buffers();
        const cpu = await cpuSeconds(db);
        const started = performance.now();
        const { steps, buyers } = await readCounts();
        // The statement gives the buyers in no order.
        results.set(
          name,
          JSON.stringify({ steps, buyers: [...buyers].sort((a, b) => a.stepsPassed - b.stepsPassed) }),
        );
        const wall = performance.now() - started;
        const spent = await cpuSeconds(db);
        const database =
          cpu.database === null ? 'n/a' : `${((spent.database! - cpu.database) * 1000).toFixed(0)} ms`;
        console.log(
          `  ${JSON.stringify(filters)} ${name}: ${wall.toFixed(0)} ms, CPU node ${((spent.node - cpu.node) * 1000).toFixed(0)} ms, database ${database}, buffers ${(await buffers()) - blocks}; load average ${load()}`,
        );
      }
    const [before, after] = [...results.values()];
    if (before !== after)
      throw new Error(`${JSON.stringify(filters)}: the slice read ${after}, the count ${before}`);
  }
  if (hold) {
    // BENCH_HOLD=<file>: the filled and folded database stays up (for EXPLAIN) while the file exists.
    const [name] = await queryRows(db, z.object({ n: z.string() }), sql`SELECT current_database() AS n`);
    writeFileSync(hold, `${name!.n}\n`);
    console.log(`holding database ${name!.n} until ${hold} is removed`);
    while (existsSync(hold)) await new Promise((resolve) => setTimeout(resolve, 2000));
  }
} finally {
  await bench.close();
}
