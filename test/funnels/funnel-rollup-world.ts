import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FunnelStep } from '../../src/core/funnels/types.ts';
import { createRandom } from '../../src/core/measurement/create-random.ts';
import { sliceFunnelSegments } from '../../src/server/domain/funnels/slice-funnel-segments.ts';
import { ensureEventPartition } from '../../src/server/domain/tracking/partitions.ts';
import type { Funnel, FunnelReportQuery } from '../../src/shared/contracts/funnels.ts';
import { createOrder, createOrderJourney, createRfmRun, createSyncedShop } from '../support/factories.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { addWebsite, workspaceOfSite } from '../tracking/ingest-helpers.ts';

/**
 * The store funnel-rollup-agreement.test.ts checks (decision 134): 190 seeded sessions of a shop in
 * New York's time zone with pixel and tracker events (some received late), their orders and
 * journeys, a planted RFM run, and a saved funnel. Its reference (what the pre-aggregates must
 * equal) is funnel-rollup-reference.ts.
 */
export const SHOP = 'https://rollup.example';
/** The customer (of orders 9000 + v with v % 3 = 0) the first planted analysis run makes a Champion. */
export const CHAMPION = 0;
/** The segments compared: the report reads their slices of the latest run (decision 224) or counts over the sessions. */
export const SEGMENTS = ['Champions', 'Hibernating'];
/** Under this key of segmentSessions: the Champions' orders' own sessions. */
export const OWN = 'own Champions';
export const TZ = 'America/New_York';
export const FROM = '2026-11-19';
export const TO = '2026-11-20';
export const PIXEL = ['page_viewed', 'checkout_started', 'payment_info_submitted', 'checkout_completed'];
export const PAGES = ['/products/mug', '/products/cap', '/collections/all', '/checkouts/cn/1', '/cart'];
export const SELECTORS = ['form>button.add', 'button.add', 'nav>a.home'];
export const SOURCES = [
  { utm_source: null, utm_medium: null, referrer: null, fbclid: null },
  { utm_source: 'google', utm_medium: 'cpc', referrer: 'https://www.google.com/', fbclid: null },
  { utm_source: null, utm_medium: null, referrer: 'https://www.facebook.com/', fbclid: 'fb1' },
  { utm_source: 'newsletter', utm_medium: 'email', referrer: null, fbclid: null },
];
export const MIXED: { steps: FunnelStep[]; windowMinutes: number } = {
  steps: [
    { kind: 'url', value: '/products/*' },
    { kind: 'element', value: 'button.add' },
    { kind: 'event', value: 'checkout_started' },
    { kind: 'event', value: 'checkout_completed' },
  ],
  windowMinutes: 3,
};
/** MIXED edited: steps and window change (the funnel is rebuilt). */
export const EDITED = { steps: [MIXED.steps[0]!, MIXED.steps[2]!], windowMinutes: 1 };
/** A report's filters, without its days. */
export type Filters = Omit<FunnelReportQuery, 'from' | 'to'>;
/**
 * The filters compared: none, each dimension, and two together — keyed (device, channel, and a
 * campaign's, variant's or visitor kind's slice, decisions 199 and 202) and counted in SQL
 * (decision 192: two of those together, which no one slice holds; the segment, checked apart below).
 */
export const QUERIES: Filters[] = [
  {},
  { device: 'mobile' },
  { channel: 'google_ads' },
  { channel: 'meta_ads', device: 'desktop' },
  { campaign: 'spring' },
  { campaign: 'fall' },
  { visitor: 'new' },
  { visitor: 'returning' },
  { experiment: 'hero', variant: 'b' },
  { experiment: 'hero', variant: 'a', device: 'mobile' },
  { campaign: 'spring', channel: 'google_ads' },
  { campaign: 'fall', experiment: 'hero', variant: 'a' },
  { campaign: 'spring', visitor: 'new' },
  { visitor: 'returning', device: 'mobile' },
];

export interface PlannedEvent {
  pixel: boolean;
  name: string;
  at: number;
  pageUrl: string;
  selector: string | null;
  /** Received in the first batch (before the first fold) or the second. */
  late: boolean;
}

/** The planted store, shared by the file's tests in order (each continues the last one's state). */
export interface FunnelRollupWorld {
  app: TestApp;
  /** The owner's session cookie. */
  owner: string;
  workspaceId: string;
  /** The website's tracking configuration. */
  siteId: string;
  /** The saved funnel (MIXED, later EDITED). */
  funnelId: string;
  /** Each session's planned events. */
  planned: Map<string, PlannedEvent[]>;
  /** Each planted customer's RFM segment in the latest planted run. */
  customerSegments: Map<number, string>;
}

/** The planted events of `batch` (received before the first fold, or late), received at `receivedAt`. */
export async function insertEvents(world: FunnelRollupWorld, batch: 'first' | 'late', receivedAt: string) {
  const { app, workspaceId, siteId, planned } = world;
  // One statement per table (not one per event): the same rows, ~1,100 round trips fewer.
  const pixelRows = [];
  const trackerRows = [];
  for (const [sessionId, events] of planned)
    for (const [e, event] of events.entries()) {
      if (event.late !== (batch === 'late')) continue;
      const time = new Date(event.at).toISOString();
      if (event.pixel)
        pixelRows.push(sql`(${workspaceId}::uuid, ${siteId}::uuid, ${`${sessionId}-${e}`}, ${event.name},
          ${time}::timestamptz, ${receivedAt}::timestamptz, ${sessionId}, ${event.pageUrl}, true, false, false, false)`);
      else
        trackerRows.push(sql`(${workspaceId}::uuid, ${siteId}::uuid, ${sessionId}, ${event.name}, ${event.pageUrl},
          1, 1, 1366, 800, ${event.selector}, ${time}::timestamptz, ${receivedAt}::timestamptz)`);
    }
  expect(pixelRows.length * trackerRows.length).toBeGreaterThan(0);
  await app.db.execute(sql`INSERT INTO tracking_pixel_events (workspace_id, configuration_id, event_id,
      name, occurred_at, received_at, session_id, page_url, consent_analytics, consent_marketing,
      consent_preferences, consent_sale_of_data)
    VALUES ${sql.join(pixelRows, sql`, `)}`);
  await app.db.execute(sql`INSERT INTO tracking_events (workspace_id, configuration_id, session_id,
      event_type, page_url, x, y, viewport_width, viewport_height, element_selector, client_time, received_at)
    VALUES ${sql.join(trackerRows, sql`, `)}`);
}

/** Session `v`'s row, started at `start`, its source, device, landing page and campaign picked by `pick`. */
export async function insertSession(
  world: Pick<FunnelRollupWorld, 'app' | 'workspaceId' | 'siteId'>,
  v: number,
  start: number,
  pick: <T>(list: readonly T[]) => T,
) {
  const { app, workspaceId, siteId } = world;
  const source = pick(SOURCES);
  const exp = pick(['', '?upside_exp=hero:a', '?upside_exp=hero:b']);
  const at = new Date(start).toISOString();
  await app.db.execute(sql`INSERT INTO tracking_sessions (workspace_id, configuration_id, session_id,
      started_at, ended_at, event_count, click_count, last_page_url, last_page_at, first_received_at,
      last_received_at, device, visitor_id, landing_url, utm_source, utm_medium, utm_campaign, referrer, fbclid)
    VALUES (${workspaceId}, ${siteId}, ${`s-${v}`}, ${at}::timestamptz, ${at}::timestamptz, 1, 0,
      ${`${SHOP}${pick(PAGES)}`}, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz,
      ${pick(['mobile', 'desktop', 'tablet', null])}, ${`visitor-${v % 50}`}, ${`${SHOP}/${exp}`},
      ${source.utm_source}, ${source.utm_medium}, ${pick(['spring', 'fall', null])}, ${source.referrer},
      ${source.fbclid})`);
}

/**
 * The app on a migrated copy, its owner signed in with a website, and the store planted: the first
 * batch of events received, the late batch planned (insertEvents), session 7's row held back, a
 * planted RFM run sliced, and the saved funnel MIXED (not folded yet).
 */
export async function plantFunnelRollupWorld(): Promise<FunnelRollupWorld> {
  const app = await startTestApp();
  const owner = await app.signIn('rollup-owner@example.com', 'Roy');
  const site = await addWebsite(app, owner, SHOP, 'Rollup shop');
  const siteId = site.id;
  const workspaceId = await workspaceOfSite(app.db, site.id);
  const planned = new Map<string, PlannedEvent[]>();
  const world = {
    app,
    owner,
    workspaceId,
    siteId,
    planned,
    funnelId: '',
    customerSegments: new Map<number, string>(),
  };
  await createSyncedShop(app.db, { workspaceId, currency: 'USD', timeZone: TZ });
  for (const day of ['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'])
    await ensureEventPartition(app.db, day);
  // Seeded, so a failure replays.
  const stream = createRandom(134);
  const next = () => stream.uniform();
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  // 2026-11-19 00:00 in New York is 05:00 UTC; sessions every 17 minutes run past 2026-11-20's end.
  for (let v = 0; v < 190; v++) {
    const start = Date.parse('2026-11-19T03:00:00Z') + v * 17 * 60_000;
    const events: PlannedEvent[] = [];
    for (let e = Math.floor(next() * 12); e > 0; e--) {
      const kind = next();
      const pageUrl = `${SHOP}${pick(PAGES)}`;
      // Millisecond times within 40 s: many distinct gaps share a gap bucket, so the median's rank
      // inside its bucket is exercised (decision 141), and equal gaps still occur.
      const at = start + (next() < 0.2 ? Math.floor(next() * 40) * 1000 : Math.floor(next() * 40_000));
      const late = next() < 0.3;
      if (kind < 0.45) events.push({ pixel: true, name: pick(PIXEL), at, pageUrl, selector: null, late });
      else if (kind < 0.75)
        events.push({ pixel: false, name: 'page_view', at, pageUrl, selector: null, late });
      else events.push({ pixel: false, name: 'click', at, pageUrl, selector: pick(SELECTORS), late });
    }
    if (v === 7)
      events.push(
        {
          pixel: false,
          name: 'page_view',
          at: start,
          pageUrl: `${SHOP}/products/mug`,
          selector: null,
          late: false,
        },
        {
          pixel: true,
          name: 'checkout_started',
          at: start + 1000,
          pageUrl: `${SHOP}/checkouts/cn/7`,
          selector: null,
          late: false,
        },
      );
    planned.set(`s-${v}`, events);
    // Session 7's row arrives only after the first fold.
    if (v !== 7) await insertSession(world, v, start, pick);
    if (events.some((e) => e.name === 'checkout_completed')) {
      await createOrder(app.db, {
        workspaceId,
        customerId: v % 3,
        orderId: 9000 + v,
        orderDate: new Date(start).toISOString().slice(0, 10),
        totalMinor: 500 + Math.floor(next() * 20_000),
      });
      await createOrderJourney(app.db, {
        workspaceId,
        orderId: 9000 + v,
        configurationId: siteId,
        sessionId: `s-${v}`,
        visitorId: `visitor-${v % 50}`,
      });
    }
  }
  world.customerSegments = new Map([
    [CHAMPION, 'Champions'],
    [1, 'Hibernating'],
  ]);
  await createRfmRun(
    app.db,
    workspaceId,
    [...world.customerSegments].map(([customerId, segment]) => ({ customerId, segment })),
  );
  // The job after the run (decision 224): its segment members copied, before any funnel is folded.
  expect(await sliceFunnelSegments(app.db, workspaceId)).toMatchObject({ funnels: 0 });
  await insertEvents(world, 'first', '2026-11-21T06:00:00Z');
  const created = await app.request('/api/funnels', {
    method: 'POST',
    cookie: owner,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Mixed', ...MIXED }),
  });
  expect(created.status).toBe(201);
  world.funnelId = ((await created.json()) as Funnel).id;
  return world;
}
