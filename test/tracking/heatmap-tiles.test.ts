import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAppCaches } from '../../src/server/caches.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { xBinOf, yBinOf } from '../../src/server/domain/tracking/rollup.ts';
import { createEventWriter } from '../../src/server/features/tracking/ingest/event-writer.ts';
import { foldHeatmapTiles } from '../../src/server/features/tracking/ingest/heatmap-fold.ts';
import { getHeatmap } from '../../src/server/features/tracking/read-heatmap.ts';
import {
  type CursorEvent,
  type HeatmapQuery,
  viewportBucketOf,
} from '../../src/shared/contracts/cursor-tracking.ts';
import type { TestDatabase } from '../support/test-database.ts';
import { createSiteDatabase, makeEvent } from './ingest-helpers.ts';

type Range = Partial<Omit<HeatmapQuery, 'trackingId' | 'page'>>;

const TileRow = z.object({ n: z.string() });

const MarkRow = z.object({ before: z.string() });

const LeftRow = z.object({ n: z.string() });

/**
 * Folding finished hours into tiles changes where a heatmap is read from, never what it shows:
 * every range answers what the events themselves say, before any fold, after partial folds (in the
 * middle of a day), after late commits to folded hours, and after everything is folded.
 */
describe('heatmap tiles', () => {
  let testDb: TestDatabase;
  let workspaceId: string;
  const shop = 'https://tiles.example';
  let configurationId: string;
  beforeAll(async () => {
    ({ testDb, workspaceId, configurationId } = await createSiteDatabase(shop, 'trk_tiles'));
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  /** What a heatmap over `range` must show, counted straight from the events and their receipt times. */
  function expectedPoints(written: Array<{ at: Date; event: CursorEvent }>, range: Range) {
    const counts = new Map<string, { xBin: number; yBin: number; count: number }>();
    for (const { at, event } of written) {
      const day = at.toISOString().slice(0, 10);
      if ((range.from && day < range.from) || (range.to && day > range.to)) continue;
      if (range.viewport && viewportBucketOf(event.viewportWidth) !== range.viewport) continue;
      if (
        range.eventType
          ? event.eventType !== range.eventType
          : !['click', 'cursor_move'].includes(event.eventType)
      )
        continue;
      const xBin = xBinOf(event.x, event.viewportWidth);
      const yBin = yBinOf(event.y);
      const key = `${xBin}/${yBin}`;
      const cell = counts.get(key) ?? { xBin, yBin, count: 0 };
      cell.count += 1;
      counts.set(key, cell);
    }
    return [...counts.values()]
      .sort((a, b) => b.count - a.count || a.yBin - b.yBin || a.xBin - b.xBin)
      .map((cell) => ({ x: cell.xBin + 0.5, y: cell.yBin * 16 + 8, count: cell.count }));
  }

  it('answers every range from the events, however much is folded', async () => {
    const db = testDb.database.db;
    let now = new Date();
    const maintenanceErrors: unknown[] = [];
    const writer = createEventWriter(db, {
      clock: () => now,
      retentionDays: 3650,
      onMaintenanceError: (error) => maintenanceErrors.push(error),
    });
    const written: Array<{ at: Date; event: CursorEvent }> = [];
    const write = async (at: string, seed: number) => {
      now = new Date(at);
      const events = Array.from({ length: 12 }, (_, i) =>
        makeEvent(shop, {
          // Scroll depth never counts in the "clicks and moves" view, folded or not.
          eventType: i % 3 === 0 ? 'cursor_move' : i % 5 === 4 ? 'scroll' : 'click',
          elementSelector: i % 3 === 0 || i % 5 === 4 ? undefined : '#buy',
          x: (i * 97 + seed * 31) % 1280,
          y: (i * 53 + seed * 7) % 400,
          viewportWidth: i % 4 === 0 ? 375 : 1280,
        }),
      );
      // A click in the very cell of the scroll: "all" of that cell counts the click only.
      const scroll = events.find((event) => event.eventType === 'scroll')!;
      events.push(makeEvent(shop, { x: scroll.x, y: scroll.y, viewportWidth: scroll.viewportWidth }));
      // Written twice, so folded hours add up counts.
      for (let copy = 0; copy < 2; copy++) {
        await writer.write({ workspaceId, configurationId, events });
        written.push(...events.map((event) => ({ at: now, event })));
      }
    };
    const ranges: Range[] = [
      {},
      { from: '2027-01-31' },
      { to: '2027-02-28' },
      { from: '2027-02-01', to: '2027-02-28' },
      { from: '2027-01-31', to: '2027-03-01' },
      { from: '2027-02-15', to: '2027-02-15', viewport: 'desktop' },
      { viewport: 'mobile', eventType: 'cursor_move' },
      { from: '2027-03-01', eventType: 'click' },
      { to: '2027-02-28', eventType: 'scroll' },
      { from: '2026-06-01', to: '2027-12-31' },
      // A start long before retention reads what is kept, without asking for blocks of centuries.
      { from: '1900-01-01' },
    ];
    // One cache across the checks, as a server keeps it: a view cached before a fold is not reused after it.
    const tileCache = createAppCaches().heatmapTiles;
    const check = async (when: string) => {
      for (const range of ranges) {
        const answer = await getHeatmap(db, tileCache, { workspaceId, ...range });
        const expected = expectedPoints(written, range);
        expect(
          answer.heatmapData.map(({ x, y, count }) => ({ x, y, count })),
          `${when}: ${JSON.stringify(range)}`,
        ).toEqual(expected);
        expect(answer.maxY).toBe(expected.length === 0 ? 0 : Math.max(...expected.map((point) => point.y)));
      }
    };
    const tiles = async () =>
      Number((await queryRows(db, TileRow, sql`SELECT count(*) AS n FROM tracking_heatmap_tiles`))[0]?.n);

    // Each write folds the hours finished before it in the background (the writer's hourly fold).
    const days = [
      '2027-01-30',
      '2027-01-31',
      '2027-02-01',
      '2027-02-15',
      '2027-02-28',
      '2027-03-01',
      '2027-03-02',
    ];
    for (const [d, day] of days.entries()) {
      await write(`${day}T10:20:00Z`, d);
      await write(`${day}T15:40:00Z`, d + 20);
    }
    await writer.drain();
    expect(maintenanceErrors).toEqual([]);
    expect(await tiles()).toBeGreaterThan(0);
    // The last write (March 2, 15:40) folded every hour before 15:00: March 2 is half folded.
    const [mark] = await queryRows(
      db,
      MarkRow,
      sql`SELECT to_char(folded_before AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS before FROM tracking_heatmap_fold_state`,
    );
    expect(mark?.before).toBe('2027-03-02T15:00');
    await check('as written, March 2 half folded');
    // A commit arriving late for 10:00, already folded: read from the hour cells until the next fold.
    await write('2027-03-02T10:59:59Z', 40);
    await writer.drain();
    await check('late commit, not folded');
    expect(await foldHeatmapTiles(db, new Date('2027-03-02T16:30:00Z'))).toEqual(
      new Date('2027-03-02T16:00:00Z'),
    );
    await check('late commit folded');
    // A late commit to a day whose larger blocks are complete reaches those blocks too.
    await write('2027-02-01T23:59:00Z', 41);
    await writer.drain();
    expect(await foldHeatmapTiles(db, new Date('2027-04-20T00:00:00Z'))).toEqual(
      new Date('2027-04-19T23:00:00Z'),
    );
    const [left] = await queryRows(db, LeftRow, sql`SELECT count(*) AS n FROM tracking_heatmap_hour_cells`);
    expect(Number(left?.n)).toBe(0);
    await check('all folded');
    expect(await foldHeatmapTiles(db, new Date('2027-04-20T00:04:00Z'))).toBeNull();
  });
});
