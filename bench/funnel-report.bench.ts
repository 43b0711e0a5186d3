/**
 * The checkout funnel report over many pixel events (issue 40 target: 10M events, < 1 s p95).
 * Data: BENCH_EVENTS pixel events (default 1,000,000) over 30 days in sessions of up to seven
 * events (a page view, then checkout steps, each session abandoning at a step of its own), in
 * sessions without a tracker (pixel-only) so the read joins pixel events to their session rows.
 * Prints the fill time, then p50/p95 of BENCH_REQUESTS (default 10) reads of
 * GET /api/funnels/checkout/report over the 30 days, with the machine's load.
 * Database: DATABASE_URL (a fresh database is created and dropped) or in-memory PGlite.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../src/server/db/query-rows.ts';
import { startBenchServer } from './support/bench-server.ts';
import { createBenchTrackedSite } from './support/bench-tracked-site.ts';
import { load } from './support/load-average.ts';

const events = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 10);
const END = '2026-11-30';
const PATH = `/api/funnels/checkout/report?from=2026-11-01&to=${END}`;
const STEPS = [
  'page_viewed',
  'checkout_started',
  'checkout_contact_info_submitted',
  'checkout_address_info_submitted',
  'checkout_shipping_info_submitted',
  'payment_info_submitted',
  'checkout_completed',
];
// Session v has 1 + v % 7 events: about 4 per session on average.
const sessions = Math.ceil(events / 4);

const bench = await startBenchServer();
const { server, db, cookie } = bench;
try {
  const ws = bench.workspaceId;
  const filled = performance.now();
  const siteId = await createBenchTrackedSite(db, ws);
  await db.execute(sql`INSERT INTO tracking_sessions (workspace_id, configuration_id, session_id, started_at,
      ended_at, event_count, click_count, last_page_url, last_page_at, first_received_at, last_received_at, device)
    SELECT ${ws}, ${siteId}, 'px' || v, t, t, 1 + v % 7, 0, '/', t, t, t,
      (ARRAY['mobile', 'desktop', 'tablet'])[1 + v % 3]
    FROM generate_series(1, ${sessions}) v,
      LATERAL (SELECT ${END}::timestamptz - ((v * 7919) % (29 * 86400)) * interval '1 second' AS t) ts`);
  await db.execute(sql`INSERT INTO tracking_pixel_events (workspace_id, configuration_id, event_id, name, occurred_at,
      session_id, page_url, consent_analytics, consent_marketing, consent_preferences, consent_sale_of_data)
    SELECT ${ws}, ${siteId}, 'e' || v || '-' || k, (${sql.raw(`ARRAY[${STEPS.map((name) => `'${name}'`).join(', ')}]`)})[k], s.started_at + k * interval '40 seconds',
      'px' || v, 'https://bench.example/checkouts/cn/' || v, true, false, false, false
    FROM generate_series(1, ${sessions}) v, generate_series(1, 1 + v % 7) k,
      LATERAL (SELECT ${END}::timestamptz - ((v * 7919) % (29 * 86400)) * interval '1 second' AS started_at) s`);
  await db.execute(sql`ANALYZE`);
  const [count] = await queryRows(
    db,
    z.object({ n: z.coerce.number() }),
    sql`SELECT count(*) AS n FROM tracking_pixel_events`,
  );
  console.log(
    `filled ${count!.n} pixel events in ${sessions} sessions in ${((performance.now() - filled) / 1000).toFixed(1)} s; load average ${load()}`,
  );
  const ms: number[] = [];
  for (let i = 0; i < requests; i += 1) {
    const started = performance.now();
    const response = await fetch(`${server.url}${PATH}`, { headers: { cookie } });
    if (response.status !== 200)
      throw new Error(`${PATH} answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)]!.toFixed(0);
  console.log(
    `checkout funnel over ${count!.n} events: ${requests} sequential reads, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms; load average ${load()}`,
  );
} finally {
  await bench.close();
}
