import { type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAppCaches } from '../../src/server/caches.ts';
import type { Db } from '../../src/server/db/client.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { foldStatement } from '../../src/server/domain/tracking/fold-statement.ts';
import { pageKeyOf } from '../../src/server/domain/tracking/rollup.ts';
import { SESSION_CELL_BYTES } from '../../src/server/domain/tracking/session-pages.ts';
import { createEventWriter } from '../../src/server/features/tracking/ingest/event-writer.ts';
import { getHeatmap } from '../../src/server/features/tracking/read-heatmap.ts';
import { campaignOf } from '../../src/shared/campaign-url.ts';
import {
  type CursorEvent,
  HEATMAP_EVENT_TYPES,
  VIEWPORT_BUCKETS,
} from '../../src/shared/contracts/cursor-tracking.ts';
import { createTrackingSite } from '../support/factories.ts';
import type { TestDatabase } from '../support/test-database.ts';
import { createSiteDatabase, heatmapTotal, makeEvent } from './ingest-helpers.ts';

const rethrow = (error: unknown) => {
  throw error;
};
const KeyRow = z.object({ k: z.string() });
const PlanRow = z.object({ 'QUERY PLAN': z.unknown() });
const RangeRow = z.object({ from: z.string(), urls: z.array(z.string()) });
const PlanNode = z
  .object({ 'Node Type': z.string(), 'Actual Loops': z.number(), 'Subplan Name': z.string().optional() })
  .passthrough();
type PlanNode = z.infer<typeof PlanNode> & { Plans?: unknown[] };

/** Every node of an EXPLAIN (FORMAT JSON) plan, depth first. */
function planNodes(node: unknown): PlanNode[] {
  const parsed = PlanNode.parse(node) as PlanNode;
  return [parsed, ...(parsed.Plans ?? []).flatMap(planNodes)];
}
const SessionPageRow = z.object({ k: z.string(), cells: z.instanceof(Uint8Array), clicks: z.string() });

/** A session page's cells as stored parts summed per code (parts of one code may repeat), in order. */
function summedCells(bytes: Uint8Array): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const counts = new Map<number, number>();
  for (let k = 0; k < bytes.length; k += SESSION_CELL_BYTES)
    counts.set(view.getUint32(k), (counts.get(view.getUint32(k)) ?? 0) + view.getUint32(k + 4));
  return [...counts].sort(([a], [b]) => a - b).join(' ');
}

/**
 * The raw-first fold (one set-based statement per chunk since decision 193) writes the same rollups
 * as the request path writes for the same events: sessions, page counts, clicked elements, session
 * pages (cells, clicks, height, depth) and heatmap cells. Events cover every type, every
 * viewport bucket, x beyond the viewport, pages with query strings and fragments, scroll depths and
 * documents without a height, referrers and visitor, cart and e-mail fields, and two UTC hours.
 */
describe('raw-first fold equals the request path', () => {
  let testDb: TestDatabase;
  let workspaceId: string;
  let folded: string;
  let inRequest: string;
  const shop = 'https://fold-equal.example';
  let now = new Date('2027-06-01T09:59:58Z');
  beforeAll(async () => {
    ({ testDb, workspaceId, configurationId: folded } = await createSiteDatabase(shop, 'trk_fold'));
    inRequest = await createTrackingSite(testDb.database.db, {
      workspaceId,
      origin: 'https://request.example',
      trackingId: 'trk_request',
    });
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  /** A raw-first writer that folds only when asked (or when the hour changes: its tile fold). */
  const heldFoldWriter = (db: TestDatabase['database']['db']) =>
    createEventWriter(db, {
      clock: () => now,
      retentionDays: 30,
      rawFirst: true,
      foldDelayMs: 3_600_000,
      foldAfterEvents: 1_000_000,
      onMaintenanceError: rethrow,
    });

  const eventsOf = (k: number): CursorEvent[] =>
    Array.from({ length: 30 }, (_, i) => {
      const eventType = (['click', 'cursor_move', 'scroll', 'page_view', 'dead_click'] as const)[
        (i + k) % 5
      ]!;
      return makeEvent(shop, {
        sessionId: `same_${(i + k) % 4}`,
        eventType,
        pageUrl: `${shop}/p${i % 3}${i % 4 === 0 ? '#top' : ''}?utm_source=news&utm_campaign=c${k}&gclid=g${i}`,
        x: (i * 97 + k * 31) % 2100,
        y: (i * 53 + k * 7) % 4000,
        viewportWidth: [375, 700, 1000, 1280, 1920][(i + 2 * k) % 5]!,
        viewportHeight: 600 + ((i * 11) % 400),
        timestamp: 1_800_000_000_000 + k * 1000 + i * 10,
        elementSelector: eventType === 'click' && i % 3 === 0 ? '' : `#b${i % 2}`,
        ...(eventType === 'scroll' && i % 2 === 0 ? { scrollDepth: (i * 7) % 101 } : {}),
        ...(i % 6 === 5 ? { documentHeight: undefined } : {}),
        ...(i < 4
          ? {
              referrer: `https://ref${k}.example/a?q=${i}#x`,
              visitorId: `vis_${k}_${i}`,
              ...(k > 1 ? { cartToken: `cart_${k}`, emailHash: `hash_${k}` } : {}),
            }
          : {}),
      });
    });

  it('for sessions, page counts, clicked elements, session pages and heatmap cells', async () => {
    const db = testDb.database.db;
    const request = createEventWriter(db, {
      clock: () => now,
      retentionDays: 30,
      rawFirst: false,
      onMaintenanceError: rethrow,
    });
    // A first commit (which starts each writer's maintenance, a fold among it) and a drain; then
    // no fold until the hour changes (the writer folds before its tile fold) and the drain: the six
    // commits of 09:59 are folded as one chunk, so commits after a session's first one add to it.
    const raw = heldFoldWriter(db);
    const warmUp = [makeEvent(shop, { sessionId: 'warm', eventType: 'page_view', pageUrl: `${shop}/p0` })];
    await request.write({ workspaceId, configurationId: inRequest, events: warmUp });
    await raw.write({ workspaceId, configurationId: folded, events: warmUp });
    await Promise.all([request.drain(), raw.drain()]);
    for (let k = 0; k < 9; k++) {
      if (k === 6) now = new Date('2027-06-01T10:00:03Z');
      await request.write({ workspaceId, configurationId: inRequest, events: eventsOf(k) });
      await raw.write({ workspaceId, configurationId: folded, events: eventsOf(k) });
    }
    await Promise.all([request.drain(), raw.drain()]);

    const keys = async (db: Db, query: (site: string) => SQL) => {
      const of = async (site: string) => (await queryRows(db, KeyRow, query(site))).map((row) => row.k);
      const [fromFold, fromRequest] = [await of(folded), await of(inRequest)];
      expect(fromFold.length).toBeGreaterThan(0);
      expect(fromFold).toEqual(fromRequest);
    };
    await keys(
      db,
      (
        site,
      ) => sql`SELECT concat_ws('|', session_id, started_at, ended_at, event_count, click_count, last_page_url,
          last_page_at, first_received_at, last_received_at, landing_url, referrer, device, visitor_id, checkout_token,
          email_hash, utm_source, utm_campaign, gclid) AS k
        FROM tracking_sessions WHERE configuration_id = ${site}::uuid ORDER BY session_id`,
    );
    await keys(
      db,
      (site) => sql`SELECT concat_ws('|', page_url, day, event_count) AS k FROM tracking_page_counts
        WHERE configuration_id = ${site}::uuid ORDER BY 1`,
    );
    await keys(
      db,
      (site) => sql`SELECT concat_ws('|', page_url, selector, day, count) AS k FROM tracking_click_elements
        WHERE configuration_id = ${site}::uuid ORDER BY 1`,
    );
    // Heatmap cells through the product's read (tiles, hour parts): each writer's hourly tile fold
    // takes the first hour into tiles at its own moment, so the parts alone differ between sites.
    let cells = 0;
    for (const page of ['p0', 'p1', 'p2'])
      for (const viewport of VIEWPORT_BUCKETS.map((bucket) => bucket.id))
        for (const eventType of HEATMAP_EVENT_TYPES) {
          const read = (trackingId: string) =>
            getHeatmap(db, createAppCaches().heatmapTiles, {
              workspaceId,
              trackingId,
              page: `${shop}/${page}`,
              viewport,
              eventType,
            });
          const map = await read('trk_fold');
          expect(map, `${page} ${viewport} ${eventType}`).toEqual(await read('trk_request'));
          cells += heatmapTotal(map);
        }
    expect(cells).toBe(9 * 18);
    // Session pages: the cells summed per code and the clicks as a set (the request path appends a
    // part per commit, the fold one per chunk; readers sum the parts and sort the clicks).
    const pagesOf = async (site: string) =>
      (
        await queryRows(
          db,
          SessionPageRow,
          sql`SELECT concat_ws('|', page_url, day, viewport_bucket, session_id, viewport_height, scroll_depth) AS k,
              cells, (SELECT coalesce(string_agg(c::text, ' ' ORDER BY c::text), '')
                FROM jsonb_array_elements(clicks) AS c) AS clicks
            FROM tracking_session_pages WHERE configuration_id = ${site}::uuid ORDER BY 1`,
        )
      ).map((row) => ({ k: row.k, cells: summedCells(row.cells), clicks: row.clicks }));
    const pages = await pagesOf(folded);
    expect(pages.length).toBeGreaterThan(10);
    expect(pages.some((page) => page.clicks.includes(', 1]'))).toBe(true);
    expect(pages).toEqual(await pagesOf(inRequest));
  });

  // Decision 201: the session pages' cells and clicks, aggregated per session page, were inlined
  // into the join with the page visits, and on the bench's 4,000-row chunks the planner joined them
  // by nested loops, re-running the clicks' sort and aggregate once per page visit (117 times a
  // chunk): two thirds of the statement's CPU.
  it("aggregates a chunk's rows once per rollup, not once per session page", async () => {
    const db = testDb.database.db;
    const site = 'https://plan.example';
    const planned = await createTrackingSite(db, { workspaceId, origin: site, trackingId: 'trk_plan' });
    const writer = heldFoldWriter(db);
    for (let k = 0; k < 6; k++)
      await writer.write({
        workspaceId,
        configurationId: planned,
        events: Array.from({ length: 12 }, (_, i) =>
          makeEvent(site, {
            sessionId: `plan_${k}`,
            eventType: i % 3 === 0 ? 'click' : 'cursor_move',
            pageUrl: `${site}/p${k % 2}`,
            x: i * 40,
            timestamp: 1_800_000_000_000 + k * 1000 + i,
          }),
        ),
      });
    const [range] = await queryRows(
      db,
      RangeRow,
      sql`SELECT folded_before::text AS from, ARRAY(SELECT DISTINCT page_url FROM tracking_events
          WHERE ingested_at >= folded_before) AS urls FROM tracking_fold_watermark`,
    );
    const pages = range!.urls.map((u) => ({ u, k: pageKeyOf(u), ...campaignOf(u) }));
    expect(pages.length).toBe(2);
    // Planned and run (ANALYZE counts each node's loops), then rolled back: the fold below writes it.
    let nodes: PlanNode[] = [];
    await db
      .transaction(async (tx) => {
        // As the fold's own transaction sets them (fold-events.ts).
        await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        await tx.execute(sql`SET LOCAL work_mem = '32MB'`);
        const [plan] = await queryRows(
          tx as unknown as Db,
          PlanRow,
          sql`EXPLAIN (ANALYZE, FORMAT JSON) ${foldStatement({ from: range!.from, to: 'infinity' }, pages)}`,
        );
        const json = plan!['QUERY PLAN'];
        const [top] = z
          .array(z.object({ Plan: z.unknown() }))
          .parse(typeof json === 'string' ? JSON.parse(json) : json);
        nodes = planNodes(top!.Plan);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(nodes.length).toBeGreaterThan(10);
    const repeated = nodes.filter(
      (node) => /Aggregate|Sort/.test(node['Node Type']) && node['Actual Loops'] > 1,
    );
    expect(repeated.map((node) => `${node['Node Type']} x${node['Actual Loops']}`)).toEqual([]);
    // Whatever join the planner picks for this small chunk, the two aggregates joined to the page
    // visits are computed once each, as materialised CTEs, never per outer row.
    const once = nodes.map((node) => node['Subplan Name']).filter(Boolean);
    expect(once).toEqual(expect.arrayContaining(['CTE session_cells', 'CTE page_clicks']));
    await writer.drain();
  });
});
