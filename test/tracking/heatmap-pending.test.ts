import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAppCaches } from '../../src/server/caches.ts';
import type { Db } from '../../src/server/db/client.ts';
import { int8Number, queryRows } from '../../src/server/db/query-rows.ts';
import { foldPending } from '../../src/server/domain/tracking/fold-events.ts';
import { resolveHeatmapFilter } from '../../src/server/features/tracking/heatmap-filters.ts';
import { pendingCellsOf, pendingCellsQuery } from '../../src/server/features/tracking/heatmap-pending.ts';
import { createEventWriter } from '../../src/server/features/tracking/ingest/event-writer.ts';
import { foldHeatmapTiles } from '../../src/server/features/tracking/ingest/heatmap-fold.ts';
import { getHeatmap } from '../../src/server/features/tracking/read-heatmap.ts';
import type { HeatmapQuery } from '../../src/shared/contracts/cursor-tracking.ts';
import { createTrackingSite, createWorkspace } from '../support/factories.ts';
import type { TestDatabase } from '../support/test-database.ts';
import { createSiteDatabase, makeEvent } from './ingest-helpers.ts';

const CountRow = z.object({ n: int8Number });
const CellRow = z.object({ x: z.number(), y: z.number(), n: int8Number });
const PlanRow = z.object({ 'QUERY PLAN': z.string() });
const rethrow = (error: unknown) => {
  throw error;
};

type Range = Partial<Omit<HeatmapQuery, 'trackingId'>>;

/**
 * A heatmap read right after a raw-first write (decision 148) sums the folded parts and the raw
 * rows no fold has rolled up yet, in one snapshot, without folding them: its counts equal a recount
 * from every raw row, with rows pending, after a fold and after a tile fold.
 */
describe('heatmap read through the pending raw rows', () => {
  let testDb: TestDatabase;
  let workspaceId: string;
  let configurationId: string;
  const shop = 'https://pending.example';
  const page = `${shop}/products`;
  beforeAll(async () => {
    ({ testDb, workspaceId, configurationId } = await createSiteDatabase(shop, 'trk_pending'));
  });
  afterAll(async () => {
    await testDb?.drop();
  });
  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows(testDb.database.db, CountRow, query))[0]?.n ?? 0;
  const pending = () =>
    count(sql`SELECT count(*) AS n FROM tracking_events
      WHERE ingested_at >= (SELECT folded_before FROM tracking_fold_watermark)`);

  /** The cells of `range` recounted in SQL from every raw row, binned as the rollups bin them. */
  async function recount(range: Range) {
    const types = range.eventType ? [range.eventType] : ['click', 'cursor_move'];
    const width = {
      mobile: [1, 480],
      tablet: [481, 768],
      laptop: [769, 1024],
      desktop: [1025, 1440],
      wide: [1441, 1e9],
    };
    const [low, high] = range.viewport ? width[range.viewport] : [1, 1e9];
    const rows = await queryRows(
      testDb.database.db,
      CellRow,
      sql`SELECT (least(99, greatest(0, floor((x::float8 / viewport_width) * 100)))::int + 0.5)::float8 AS x,
          greatest(0, floor(y::float8 / 16))::int * 16 + 8 AS y, count(*) AS n
        FROM tracking_events
        WHERE regexp_replace(page_url, '[?#].*$', '') = ${range.page ?? page}
          AND event_type IN (${sql.join(
            types.map((t) => sql`${t}`),
            sql`, `,
          )})
          AND viewport_width BETWEEN ${low}::int AND ${high}::int
          AND received_at >= ${range.from ?? '2000-01-01'}::date::timestamp AT TIME ZONE 'UTC'
          AND received_at < (${range.to ?? '2100-01-01'}::date + 1)::timestamp AT TIME ZONE 'UTC'
        GROUP BY 1, 2`,
    );
    return rows.map((row) => ({ x: row.x, y: row.y, count: row.n })).sort(byCell);
  }
  const byCell = (a: { x: number; y: number }, b: { x: number; y: number }) => a.y - b.y || a.x - b.x;
  const ranges: Range[] = [
    {},
    { eventType: 'click' },
    { eventType: 'cursor_move', viewport: 'mobile' },
    { from: '2027-07-02' },
    { to: '2027-07-01', viewport: 'desktop' },
    { page: `${shop}/cart` },
  ];
  const check = async (when: string) => {
    const caches = createAppCaches();
    for (const range of ranges) {
      const answer = await getHeatmap(testDb.database.db, caches.heatmapTiles, {
        workspaceId,
        page,
        ...range,
      });
      const cells = answer.heatmapData.map(({ x, y, count }) => ({ x, y, count })).sort(byCell);
      expect(cells, `${when}: ${JSON.stringify(range)}`).toEqual(await recount(range));
    }
  };

  /**
   * A raw-first writer whose app clock is `at` (no timer fold: only drain() and the calls below
   * fold). Its first commit starts its hourly tile fold, which folds raw rows first: each writer
   * commits and drains once before the rows a check needs pending.
   */
  async function writerAt(at: string, seed: number) {
    const now = { at: new Date(at) };
    const writer = createEventWriter(testDb.database.db, {
      clock: () => now.at,
      retentionDays: 3650,
      rawFirst: true,
      foldDelayMs: 3_600_000,
      onMaintenanceError: rethrow,
    });
    await writer.write({ workspaceId, configurationId, events: burst(seed) });
    await writer.drain();
    return {
      now,
      writer,
      write: (next: number) => writer.write({ workspaceId, configurationId, events: burst(next) }),
    };
  }
  const burst = (seed: number, n = 40) =>
    Array.from({ length: n }, (_, i) =>
      makeEvent(shop, {
        eventType: i % 3 === 0 ? 'cursor_move' : i % 7 === 6 ? 'scroll' : 'click',
        x: (i * 97 + seed * 31) % 1500,
        y: (i * 53 + seed * 7) % 900,
        viewportWidth: [375, 800, 1280, 1600][(i + seed) % 4]!,
        // Query strings and fragments count for the page itself.
        pageUrl: i % 5 === 0 ? `${page}?utm_source=x#top` : i % 11 === 10 ? `${shop}/cart` : page,
      }),
    );

  it('counts pending rows once, without folding them', async () => {
    const db = testDb.database.db;
    // July 1, 10:20 (hour cells), then July 2, 09:10, whose hourly tile fold takes July 1 into tiles.
    const july1 = await writerAt('2027-07-01T10:20:00Z', 1);
    const july2 = await writerAt('2027-07-02T09:10:00Z', 2);
    expect(await pending()).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM tracking_heatmap_tiles`)).toBeGreaterThan(0);

    // Pending on top of the folded parts: late for a tile-folded hour, and in the hour cells' hour.
    july1.now.at = new Date('2027-07-01T10:25:00Z');
    await july1.write(3);
    july2.now.at = new Date('2027-07-02T09:15:00Z');
    await july2.write(4);
    expect(await pending()).toBe(80);
    await check('pending rows on tiles and hour cells');
    expect(await pending(), 'the read folded nothing').toBe(80);

    await foldPending(db);
    expect(await pending()).toBe(0);
    await check('all folded, late cells of a tile-folded hour');
    expect(await foldHeatmapTiles(db, new Date('2027-07-02T11:00:00Z'))).toEqual(
      new Date('2027-07-02T10:00:00Z'),
    );
    await check('late cells in the tiles');

    july2.now.at = new Date('2027-07-02T09:20:00Z');
    await july2.write(5);
    await july1.write(6);
    expect(await pending()).toBe(80);
    await check('pending rows on tiles only');
    await july1.writer.drain();
    await july2.writer.drain();
    expect(await pending()).toBe(0);
    await check('drained');
  });

  it('reads the pending rows in its own backend: no parallel workers to start (decision 198)', async () => {
    const db = testDb.database.db;
    const july3 = await writerAt('2027-07-03T10:00:00Z', 8);
    await july3.write(9);
    expect(await pending()).toBe(40);
    const filter = await resolveHeatmapFilter(db, workspaceId, { page });
    const types = ['click', 'cursor_move'];
    const plan = await db.transaction(
      async (transaction) => {
        const tx = transaction as unknown as Db;
        // Workers made free to start, whatever the table's size: the planner takes them unless the
        // read turns them off (after a burst, it launched two for the pending tail, 65–95 ms).
        await tx.execute(sql`SELECT set_config('parallel_setup_cost', '0', true), set_config('parallel_tuple_cost', '0', true),
          set_config('min_parallel_table_scan_size', '0', true), set_config('min_parallel_index_scan_size', '0', true)`);
        const cells = await pendingCellsOf(tx, filter!, types);
        expect(cells.index.length).toBeGreaterThan(0);
        return queryRows(tx, PlanRow, sql`EXPLAIN ${pendingCellsQuery(filter!, types)}`);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const lines = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(lines).toContain('tracking_events');
    expect(lines).not.toMatch(/Gather|Parallel|Seq Scan on tracking_events/);
    await july3.writer.drain();
    expect(await pending()).toBe(0);
  });

  it('a site whose every row is pending folds first, as its pages are not known yet', async () => {
    const db = testDb.database.db;
    const freshWorkspace = await createWorkspace(db, 'fresh');
    const fresh = await createTrackingSite(db, {
      workspaceId: freshWorkspace,
      origin: 'https://fresh.example',
      trackingId: 'trk_fresh',
    });
    const july1 = await writerAt('2027-07-01T10:30:00Z', 7);
    const events = Array.from({ length: 6 }, (_, i) => makeEvent('https://fresh.example', { x: i * 100 }));
    await july1.writer.write({ workspaceId: freshWorkspace, configurationId: fresh, events });
    expect(await pending()).toBe(6);
    const answer = await getHeatmap(db, createAppCaches().heatmapTiles, {
      workspaceId: freshWorkspace,
      eventType: 'click',
    });
    expect(answer.heatmapData.reduce((sum, point) => sum + point.count, 0)).toBe(6);
    expect(await pending()).toBe(0);
    await july1.writer.drain();
  });
});
