import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAppCaches } from '../../src/server/caches.ts';
import { int8Number, queryRows } from '../../src/server/db/query-rows.ts';
import { foldPending } from '../../src/server/domain/tracking/fold-events.ts';
import { createEventWriter } from '../../src/server/features/tracking/ingest/event-writer.ts';
import { foldHeatmapTiles } from '../../src/server/features/tracking/ingest/heatmap-fold.ts';
import { getHeatmap } from '../../src/server/features/tracking/read-heatmap.ts';
import type { TestDatabase } from '../support/test-database.ts';
import { createSiteDatabase, heatmapTotal, makeEvent } from './ingest-helpers.ts';

const CountRow = z.object({ n: int8Number });
const MarkRow = z.object({ before: z.string().nullable() });
const rethrow = (error: unknown) => {
  throw error;
};

/**
 * Raw-first ingestion and the hourly tile fold (decision 147): the tile fold never moves its mark
 * past an hour whose raw rows are not yet rolled up into hour cells, the writer's hourly tile fold
 * rolls the raw rows up first, and cells that arrive for hours already in the tiles are folded by
 * the next tile fold. Each check also reads the heatmap, which must count every event written.
 */
describe('raw-first rows and the heatmap tile fold', () => {
  let testDb: TestDatabase;
  let workspaceId: string;
  let configurationId: string;
  const shop = 'https://raw-tiles.example';
  beforeAll(async () => {
    ({ testDb, workspaceId, configurationId } = await createSiteDatabase(shop, 'trk_raw_tiles'));
  });
  afterAll(async () => {
    await testDb?.drop();
  });
  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows(testDb.database.db, CountRow, query))[0]?.n ?? 0;
  const tiles = () => count(sql`SELECT count(*) AS n FROM tracking_heatmap_tiles`);
  const cells = () => count(sql`SELECT count(*) AS n FROM tracking_heatmap_hour_cells`);
  const mark = async () =>
    (
      await queryRows(
        testDb.database.db,
        MarkRow,
        sql`SELECT to_char(folded_before AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS before
          FROM tracking_heatmap_fold_state`,
      )
    )[0]?.before ?? null;
  const clicks = async () =>
    heatmapTotal(
      await getHeatmap(testDb.database.db, createAppCaches().heatmapTiles, {
        workspaceId,
        eventType: 'click',
      }),
    );
  const burst = (n: number, seed: number) =>
    Array.from({ length: n }, (_, i) => makeEvent(shop, { x: (i * 83 + seed) % 1280, y: (i * 29) % 600 }));

  it('a tile fold leaves hours with pending raw rows alone, and takes them once they are folded', async () => {
    const db = testDb.database.db;
    let now = new Date('2027-05-01T10:20:00Z');
    // No fold by the writer's timer during the test: only the calls below fold.
    const writer = createEventWriter(db, {
      clock: () => now,
      retentionDays: 3650,
      rawFirst: true,
      foldDelayMs: 3_600_000,
      onMaintenanceError: rethrow,
    });
    await writer.write({ workspaceId, configurationId, events: burst(30, 1) });
    expect(await count(sql`SELECT count(*) AS n FROM tracking_events WHERE ingested_at IS NOT NULL`)).toBe(
      30,
    );
    expect(await cells()).toBe(0);

    // An hour and more later, before any raw-first fold: the 10:00 hour has raw rows only.
    now = new Date('2027-05-01T11:30:00Z');
    await foldHeatmapTiles(db, now);
    expect(await mark(), 'the tile mark stays before the hour of the pending rows').not.toBe(
      '2027-05-01T11:00',
    );
    expect(await tiles()).toBe(0);

    // Rolled up: the next tile fold takes the hour.
    await foldPending(db);
    expect(await cells()).toBeGreaterThan(0);
    expect(await foldHeatmapTiles(db, now)).toEqual(new Date('2027-05-01T11:00:00Z'));
    expect(await tiles()).toBeGreaterThan(0);
    expect(await cells()).toBe(0);
    expect(await clicks()).toBe(30);

    // A late commit for 10:59 (an app clock behind): its rows are pending while the hour is folded.
    now = new Date('2027-05-01T10:59:59Z');
    await writer.write({ workspaceId, configurationId, events: burst(7, 2) });
    // The heatmap reads the pending rows without folding them (decision 148).
    expect(await clicks()).toBe(37);
    expect(await cells()).toBe(0);
    await foldPending(db);
    expect(await cells()).toBeGreaterThan(0);
    expect(await clicks()).toBe(37);
    // The next tile fold takes the late cells of the folded hour into its tile.
    expect(await foldHeatmapTiles(db, new Date('2027-05-01T12:30:00Z'))).toEqual(
      new Date('2027-05-01T12:00:00Z'),
    );
    expect(await cells()).toBe(0);
    expect(await clicks()).toBe(37);
    await writer.drain();
  });

  it("the writer's hourly tile fold rolls up the raw rows first", async () => {
    const db = testDb.database.db;
    let now = new Date('2027-05-03T10:20:00Z');
    const writer = createEventWriter(db, {
      clock: () => now,
      retentionDays: 3650,
      rawFirst: true,
      foldDelayMs: 3_600_000,
      onMaintenanceError: rethrow,
    });
    const before = await clicks();
    await writer.write({ workspaceId, configurationId, events: burst(20, 3) });
    // The first commit of 11:40 starts the fold of every hour before 11:00 (10:00 has raw rows only).
    now = new Date('2027-05-03T11:40:00Z');
    await writer.write({ workspaceId, configurationId, events: burst(5, 4) });
    // Waits for that tile fold alone (the writer's own fold is an hour away; drain() would fold).
    for (let i = 0; i < 300 && (await mark()) !== '2027-05-03T11:00'; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await mark()).toBe('2027-05-03T11:00');
    expect(
      await count(
        sql`SELECT count(*) AS n FROM tracking_heatmap_hour_cells WHERE hour < '2027-05-03T11:00Z'`,
      ),
      'no cells left before the tile mark',
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*) AS n FROM tracking_heatmap_tiles WHERE first_day = DATE '2027-05-03'`),
    ).toBeGreaterThan(0);
    await writer.drain();
    expect(await clicks()).toBe(before + 25);
  });
});
