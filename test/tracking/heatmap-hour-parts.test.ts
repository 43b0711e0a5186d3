import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAppCaches } from '../../src/server/caches.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { int8Number, queryRows } from '../../src/server/db/query-rows.ts';
import { foldFirst } from '../../src/server/domain/tracking/fold-events.ts';
import { createEventWriter } from '../../src/server/features/tracking/ingest/event-writer.ts';
import { foldHeatmapTiles } from '../../src/server/features/tracking/ingest/heatmap-fold.ts';
import { getHeatmap } from '../../src/server/features/tracking/read-heatmap.ts';
import type { CursorEvent } from '../../src/shared/contracts/cursor-tracking.ts';
import { createTrackingSite, createWorkspace } from '../support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { createSiteDatabase, heatmapTotal, makeEvent } from './ingest-helpers.ts';

const CountRow = z.object({ n: int8Number });

/**
 * Heatmap cells are appended as hour parts, one row per cell owner (decision 085), by each fold of
 * raw rows (raw-first, decision 125) or by each ingestion commit (TRACKING_RAW_FIRST=0):
 * a 200 means the cells are readable (a read folds first), the hourly tile fold sums the parts of
 * a cell once, and a deleted site takes its parts with it. The table counts read as a reader does,
 * folding first.
 */
describe.each([
  { mode: 'raw-first', rawFirst: true },
  { mode: 'rollups in the request', rawFirst: false },
])('heatmap hour parts ($mode)', ({ rawFirst }) => {
  let testDb: TestDatabase;
  let workspaceId: string;
  let configurationId: string;
  const shop = 'https://parts.example';
  // A fixed hour, so the tile fold below can finish it.
  let now = new Date('2027-05-03T10:15:00Z');
  beforeAll(async () => {
    ({ testDb, workspaceId, configurationId } = await createSiteDatabase(shop, 'trk_parts'));
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const count = async (query: ReturnType<typeof sql>) => {
    await foldFirst(testDb.database.db);
    return (await queryRows(testDb.database.db, CountRow, query))[0]?.n ?? 0;
  };
  const parts = () => count(sql`SELECT count(*) AS n FROM tracking_heatmap_hour_parts`);
  const cellSum = () => count(sql`SELECT coalesce(sum(count), 0) AS n FROM tracking_heatmap_hour_cells`);
  const events = (n: number, seed: number, overrides: Partial<CursorEvent> = {}) =>
    Array.from({ length: n }, (_, i) =>
      makeEvent(shop, { x: (i * 37 + seed) % 1280, y: (i * 11) % 600, ...overrides }),
    );
  const rethrow = (error: unknown) => {
    throw error;
  };
  const newWriter = () =>
    createEventWriter(testDb.database.db, {
      clock: () => now,
      retentionDays: 30,
      rawFirst,
      onMaintenanceError: rethrow,
    });
  const heatmap = () => getHeatmap(testDb.database.db, createAppCaches().heatmapTiles, { workspaceId });

  it('a fold (or commit) writes one part per page and event type, readable as soon as the write resolves', async () => {
    const writer = newWriter();
    await writer.write({ workspaceId, configurationId, events: events(30, 1) });
    expect(await parts()).toBe(1);
    expect(await cellSum()).toBe(30);
    expect(heatmapTotal(await heatmap())).toBe(30);
    // Clicks and moves on two pages: four owners, four parts, in the same commit.
    await writer.write({
      workspaceId,
      configurationId,
      events: [
        ...events(3, 2),
        ...events(4, 3, { eventType: 'cursor_move' }),
        ...events(5, 4, { pageUrl: `${shop}/cart` }),
        ...events(6, 5, { pageUrl: `${shop}/cart`, eventType: 'cursor_move' }),
      ],
    });
    expect(await parts()).toBe(5);
    expect(await cellSum()).toBe(48);
    await writer.drain();
  });

  it('commits of two writers (two processes) each append; the tile fold sums a cell over its parts once', async () => {
    const db = testDb.database.db;
    const first = newWriter();
    const second = newWriter();
    const before = await cellSum();
    // The same cells again and again, in four rounds each read (folded) before the next: every cell
    // is in many parts.
    for (let round = 0; round < 4; round++) {
      await Promise.all(
        Array.from({ length: 5 }, (_, k) =>
          (k % 2 ? first : second).write({
            workspaceId,
            configurationId,
            events: events(25, (round + k) % 3),
          }),
        ),
      );
      await foldFirst(db);
    }
    expect((await cellSum()) - before).toBe(500);
    const distinct = await count(
      sql`SELECT count(*) AS n FROM (SELECT DISTINCT page_url, event_type, x_bin, y_bin FROM tracking_heatmap_hour_cells) AS c`,
    );
    expect(await count(sql`SELECT count(*) AS n FROM tracking_heatmap_hour_cells`)).toBeGreaterThan(distinct);
    const unfolded = await heatmap();
    // Two folds at once (two processes' hourly maintenance): the hour reaches the tiles once.
    const later = new Date('2027-05-03T12:00:00Z');
    await Promise.all([foldHeatmapTiles(db, later), foldHeatmapTiles(db, later)]);
    expect(await parts()).toBe(0);
    const folded = await heatmap();
    expect(heatmapTotal(folded)).toBe(heatmapTotal(unfolded));
    expect(folded.heatmapData).toEqual(unfolded.heatmapData);
    await Promise.all([first.drain(), second.drain()]);
  });

  it('a process sums the parts of a busy page in tiers, with the same cells as the parts had', async () => {
    const db = testDb.database.db;
    now = new Date('2027-05-03T11:10:00Z');
    const cellsOf = (page: string) =>
      queryRows(
        db,
        z.object({ x: z.number(), y: z.number(), n: int8Number }),
        sql`SELECT x_bin AS x, y_bin AS y, sum(count) AS n FROM tracking_heatmap_hour_cells
          WHERE page_url = ${page} AND hour = '2027-05-03T11:00:00Z' GROUP BY x_bin, y_bin ORDER BY x_bin, y_bin`,
      );
    const levelsOf = async (page: string) =>
      Object.fromEntries(
        (
          await queryRows(
            db,
            z.object({ level: z.number(), n: int8Number }),
            sql`SELECT level, count(*) AS n FROM tracking_heatmap_hour_parts WHERE page_url = ${page}
              GROUP BY level ORDER BY level`,
          )
        ).map((row) => [row.level, row.n]),
      );
    // The same 22 commits to two pages: one writer sums every third part of a level, one never.
    const summing = createEventWriter(db, {
      clock: () => now,
      retentionDays: 30,
      partsPerSum: 3,
      rawFirst,
      onMaintenanceError: rethrow,
    });
    const plain = newWriter();
    for (let k = 0; k < 22; k++) {
      const batch = events(12, k);
      // Each writer's drain folds (raw-first) what is pending, so each drains before the other
      // writes: every fold holds one writer's commit and counts its parts as that process's.
      // A sum runs after its commit's answer; the drain lets it finish, so the levels below are exact.
      await summing.write({
        workspaceId,
        configurationId,
        events: batch.map((e) => ({ ...e, pageUrl: `${shop}/busy` })),
      });
      await summing.drain();
      await plain.write({
        workspaceId,
        configurationId,
        events: batch.map((e) => ({ ...e, pageUrl: `${shop}/same` })),
      });
      await plain.drain();
    }
    expect(await levelsOf(`${shop}/same`)).toEqual({ 0: 22 });
    // Every 9th commit makes a level-2 part, summed at once with the one before (the top level is
    // one running sum): after 18 one level-2 part; the 21st made a level-1 part of the 19th to the
    // 21st; the 22nd waits at level 0.
    expect(await levelsOf(`${shop}/busy`)).toEqual({ 0: 1, 1: 1, 2: 1 });
    const busy = await cellsOf(`${shop}/busy`);
    expect(busy.reduce((sum, cell) => sum + cell.n, 0)).toBe(22 * 12);
    expect(busy).toEqual(await cellsOf(`${shop}/same`));
  });

  it("a deleted site takes its parts with it, other sites' parts stay", async () => {
    const db = testDb.database.db;
    now = new Date('2027-05-03T13:10:00Z');
    const goneId = await createTrackingSite(db, {
      workspaceId,
      origin: 'https://gone.example',
      trackingId: 'trk_gone',
    });
    const writer = newWriter();
    await writer.write({ workspaceId, configurationId: goneId, events: events(5, 7) });
    await writer.write({ workspaceId, configurationId, events: events(8, 9) });
    const hourParts = () =>
      count(sql`SELECT count(*) AS n FROM tracking_heatmap_hour_parts WHERE hour = '2027-05-03T13:00:00Z'`);
    expect(await hourParts()).toBe(2);
    await db.execute(sql`DELETE FROM tracking_configurations WHERE id = ${goneId}`);
    expect(await hourParts()).toBe(1);
    expect(
      await count(
        sql`SELECT sum(count) AS n FROM tracking_heatmap_hour_cells WHERE hour = '2027-05-03T13:00:00Z'`,
      ),
    ).toBe(8);
    await writer.drain();
  });
});

describe('migration 0440', () => {
  // Migrates an empty database twice in the test itself (PGlite: over 60 s at load 30).
  it('carries the hour cells and the pending rows into hour parts, cell for cell', async () => {
    const testDb = await createTestDatabase();
    try {
      const db = testDb.database.db;
      await migrateDatabase(testDb.database, { until: '0430_analysis_fact_days.sql' });
      const ws = await createWorkspace(db, 'w');
      const site = await createTrackingSite(db, {
        workspaceId: ws,
        origin: 'https://m.example',
        trackingId: 'trk_m',
      });
      const gone = '00000000-0000-4000-8000-0000000000ff';
      await testDb.database.execScript(`
        INSERT INTO tracking_heatmap_hour_cells (workspace_id, configuration_id, page_url, hour, viewport_bucket,
          event_type, x_bin, y_bin, count)
        VALUES ('${ws}', '${site}', '/p', '2027-01-01T10:00Z', 'desktop', 'click', 1, 2, 5),
          ('${ws}', '${site}', '/p', '2027-01-01T10:00Z', 'desktop', 'click', 3, 4, 7),
          ('${ws}', '${site}', '/q', '2027-01-01T11:00Z', 'mobile', 'cursor_move', 1, 2, 2);
        -- A pending row with two owners, one of them a site deleted meanwhile (skipped, as the fold did).
        INSERT INTO tracking_heatmap_pending_cells (hour, owner_workspace_ids, owner_configuration_ids, owner_page_urls,
          owner_viewport_buckets, owner_event_types, cell_owners, x_bins, y_bins, counts)
        VALUES ('2027-01-01T10:00Z', '{${ws},${ws}}', '{${site},${gone}}', '{/p,/p}', '{desktop,desktop}',
          '{click,click}', '{1,1,2}', '{1,3,1}', '{2,4,2}', '{1,1,9}');`);
      await migrateDatabase(testDb.database);
      const cells = await queryRows(
        db,
        z.object({ page: z.string(), x: z.number(), y: z.number(), n: int8Number }),
        sql`SELECT page_url AS page, x_bin AS x, y_bin AS y, sum(count) AS n FROM tracking_heatmap_hour_cells
          GROUP BY page_url, x_bin, y_bin ORDER BY 1, 2, 3`,
      );
      expect(cells).toEqual([
        { page: '/p', x: 1, y: 2, n: 6 },
        { page: '/p', x: 3, y: 4, n: 8 },
        { page: '/q', x: 1, y: 2, n: 2 },
      ]);
      const parts = await queryRows(db, CountRow, sql`SELECT count(*) AS n FROM tracking_heatmap_hour_parts`);
      expect(parts[0]?.n).toBe(3);
    } finally {
      await testDb.drop();
    }
  }, 240_000);
});
