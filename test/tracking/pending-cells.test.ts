import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAppCaches } from '../../src/server/caches.ts';
import { int8Number, queryRows } from '../../src/server/db/query-rows.ts';
import { createEventWriter } from '../../src/server/features/tracking/ingest/event-writer.ts';
import { foldHeatmapTiles } from '../../src/server/features/tracking/ingest/heatmap-fold.ts';
import {
  foldCommittedCells,
  foldPendingCells,
} from '../../src/server/features/tracking/ingest/pending-cells.ts';
import { getHeatmap } from '../../src/server/features/tracking/read-heatmap.ts';
import { createTrackingSite } from '../support/factories.ts';
import type { TestDatabase } from '../support/test-database.ts';
import { createSiteDatabase, heatmapTotal, makeEvent } from './ingest-helpers.ts';

const CountRow = z.object({ n: int8Number });

/**
 * Heatmap cells leave the request's transaction as one pending row per commit group and reach the
 * hour cells through a fold (decision 070): within about a second on their own, before any
 * heatmap read, before the hourly tile fold; a crash leaves them pending, never lost or doubled.
 */
describe('pending heatmap cells', () => {
  let testDb: TestDatabase;
  let workspaceId: string;
  let configurationId: string;
  const shop = 'https://pending.example';
  beforeAll(async () => {
    ({ testDb, workspaceId, configurationId } = await createSiteDatabase(shop, 'trk_pending'));
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const count = async (table: string) =>
    (await queryRows(testDb.database.db, CountRow, sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0]?.n ?? 0;
  const cellSum = async () =>
    (
      await queryRows(
        testDb.database.db,
        CountRow,
        sql`SELECT coalesce(sum(count), 0) AS n FROM tracking_heatmap_hour_cells`,
      )
    )[0]?.n ?? 0;
  const clicks = (n: number, seed: number) =>
    Array.from({ length: n }, (_, i) => makeEvent(shop, { x: (i * 37 + seed) % 1280, y: (i * 11) % 600 }));
  /** A writer folding its pending cells `cellFoldDelayMs` after a commit; its maintenance errors go to `onError`. */
  const writerFolding = (cellFoldDelayMs: number, onError: (error: unknown) => void) =>
    createEventWriter(testDb.database.db, {
      clock: () => new Date(),
      retentionDays: 30,
      cellFoldDelayMs,
      onMaintenanceError: onError,
    });
  const rethrow = (error: unknown) => {
    throw error;
  };

  it('a heatmap read right after a 200 shows the events the fold has not taken yet', async () => {
    const db = testDb.database.db;
    const errors: unknown[] = [];
    // A writer whose own fold never comes: as if its process were killed right after the commit.
    const writer = writerFolding(3_600_000, (error) => errors.push(error));
    await writer.write({ workspaceId, configurationId, events: clicks(30, 1) });
    expect(await count('tracking_heatmap_pending_cells')).toBe(1);
    expect(await cellSum()).toBe(0);
    const map = await getHeatmap(db, createAppCaches().heatmapTiles, { workspaceId });
    expect(heatmapTotal(map)).toBe(30);
    expect(await count('tracking_heatmap_pending_cells')).toBe(0);
    expect(await cellSum()).toBe(30);
    await writer.drain();
    expect(errors).toEqual([]);
  });

  it('folds on its own within about a second, without any read', async () => {
    const errors: unknown[] = [];
    const writer = writerFolding(50, (error) => errors.push(error));
    const before = await cellSum();
    await Promise.all(
      [1, 2, 3].map((seed) => writer.write({ workspaceId, configurationId, events: clicks(20, seed) })),
    );
    const deadline = Date.now() + 10_000;
    while ((await count('tracking_heatmap_pending_cells')) > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await count('tracking_heatmap_pending_cells')).toBe(0);
    expect((await cellSum()) - before).toBe(60);
    await writer.drain();
    expect(errors).toEqual([]);
  });

  it('several folds at once (two processes, a read) add every pending row exactly once', async () => {
    const db = testDb.database.db;
    // One pending row per write: awaited one by one, never grouped.
    const writer = writerFolding(3_600_000, rethrow);
    // The writer's first commit of an hour starts the hourly tile fold, which folds what is pending
    // first: done before the rows under test are written.
    await writer.write({ workspaceId, configurationId, events: clicks(1, 0) });
    await writer.drain();
    const before = await cellSum();
    for (let seed = 0; seed < 40; seed++)
      await writer.write({ workspaceId, configurationId, events: clicks(25, seed) });
    // (Fewer only if an hour began meanwhile and its tile fold took some.)
    expect(await count('tracking_heatmap_pending_cells')).toBeGreaterThan(30);
    const folded = await Promise.all([foldPendingCells(db), foldPendingCells(db), foldCommittedCells(db)]);
    expect(folded[0] + folded[1]).toBeLessThanOrEqual(40);
    expect(await count('tracking_heatmap_pending_cells')).toBe(0);
    expect((await cellSum()) - before).toBe(40 * 25);
  });

  it('skips the cells of a site deleted while they were pending, and the tile fold takes what is left', async () => {
    const db = testDb.database.db;
    const goneId = await createTrackingSite(db, {
      workspaceId,
      origin: 'https://gone.example',
      trackingId: 'trk_gone',
    });
    const writer = writerFolding(3_600_000, rethrow);
    const before = await cellSum();
    await writer.write({ workspaceId, configurationId: goneId, events: clicks(5, 7) });
    await writer.write({ workspaceId, configurationId, events: clicks(8, 9) });
    await db.execute(sql`DELETE FROM tracking_configurations WHERE id = ${goneId}`);
    // The hourly tile fold (the maintenance job) first folds what is pending.
    await foldHeatmapTiles(db, new Date());
    expect(await count('tracking_heatmap_pending_cells')).toBe(0);
    expect((await cellSum()) - before).toBe(8);
  });
});
