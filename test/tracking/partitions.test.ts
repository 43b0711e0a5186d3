import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { foldFirst } from '../../src/server/domain/tracking/fold-events.ts';
import {
  applyTrackingRetention,
  ensureEventPartition,
  listEventPartitionDays,
} from '../../src/server/domain/tracking/partitions.ts';
import { createEventWriter } from '../../src/server/features/tracking/ingest/event-writer.ts';
import type { TestDatabase } from '../support/test-database.ts';
import { createSiteDatabase, makeEvent } from './ingest-helpers.ts';

const BrinRow = z.object({ n: z.string() });

const CountRow = z.object({ n: z.string() });

const TileRow = z.object({ first_day: z.string(), level: z.number(), cell_count: z.number() });

/** Day partitions on the real database: created on demand, idempotently, and dropped by retention. */
describe('raw event partitions and retention', () => {
  let testDb: TestDatabase;
  let workspaceId: string;
  let configurationId: string;
  beforeAll(async () => {
    ({ testDb, workspaceId, configurationId } = await createSiteDatabase('https://s.example', 'trk_p'));
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it('creates a day partition idempotently, also when asked concurrently', async () => {
    const db = testDb.database.db;
    await Promise.all([ensureEventPartition(db, '2027-03-01'), ensureEventPartition(db, '2027-03-01')]);
    await ensureEventPartition(db, '2027-03-01');
    expect(await listEventPartitionDays(db)).toContain('2027-03-01');
    const [brin] = await queryRows(
      db,
      BrinRow,
      sql`SELECT count(*) AS n FROM pg_indexes WHERE tablename = 'tracking_events_p20270301' AND indexdef ILIKE '%brin%'`,
    );
    // One on received_at (retention, time reads); ingested_at (the raw-first fold) has a b-tree (migration 0685).
    expect(Number(brin?.n)).toBe(1);
    const [btree] = await queryRows(
      db,
      BrinRow,
      sql`SELECT count(*) AS n FROM pg_indexes WHERE tablename = 'tracking_events_p20270301'
        AND indexdef ILIKE '%btree (ingested_at)%ingested_at IS NOT NULL%'`,
    );
    expect(Number(btree?.n)).toBe(1);
  });

  it('writes through the group-commit writer into the day of receipt; retention drops old raw days and keeps cells', async () => {
    const db = testDb.database.db;
    let now = new Date('2027-03-01T12:00:00Z');
    const maintenanceErrors: unknown[] = [];
    const writer = createEventWriter(db, {
      clock: () => now,
      retentionDays: 30,
      onMaintenanceError: (error) => maintenanceErrors.push(error),
    });
    const batch = {
      workspaceId,
      configurationId,
      events: [makeEvent('https://s.example'), makeEvent('https://s.example')],
    };
    await Promise.all([writer.write(batch), writer.write(batch), writer.write(batch)]);
    // Writes awaited one after another are each committed (a runner that has just emptied the
    // queue must not swallow the next write).
    for (let i = 0; i < 3; i++) await writer.write(batch);
    await Promise.all([writer.write(batch), writer.write(batch), writer.write(batch)]);
    const count = async (table: string) =>
      Number((await queryRows(db, CountRow, sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0]?.n);
    expect(await count('tracking_events_p20270301')).toBe(18);
    // Read as a reader does, folding first (raw-first, decision 125). Each fold (or, with the
    // rollups in the request, each commit) appended its cells as a part of the hour (decision 085):
    // one cell, one part per fold or commit, and the view sums to every event.
    await foldFirst(db);
    const parts = await count('tracking_heatmap_hour_parts');
    expect(parts).toBeGreaterThan(0);
    expect(parts).toBeLessThanOrEqual(9);
    expect(await count('tracking_heatmap_hour_cells')).toBe(parts);
    const [summed] = await queryRows(
      db,
      CountRow,
      sql`SELECT sum(count) AS n FROM tracking_heatmap_hour_cells`,
    );
    expect(Number(summed?.n)).toBe(18);
    await writer.drain();

    // Forty days later the next write prepares its own day and, in the background, applies
    // retention and folds finished hours into heatmap tiles.
    now = new Date('2027-04-10T12:00:00Z');
    await writer.write(batch);
    await writer.drain();
    expect(maintenanceErrors).toEqual([]);
    const days = await listEventPartitionDays(db);
    expect(days).not.toContain('2027-03-01');
    expect(days).toContain('2027-04-10');
    expect(days).toContain('2027-04-11');
    expect(await count('tracking_events')).toBe(2);
    // March 1 folded (its parts gone), April 10 not yet.
    expect(await count('tracking_heatmap_hour_parts')).toBe(1);
    const tiles = await queryRows(
      db,
      TileRow,
      sql`SELECT first_day::text AS first_day, level, cell_count FROM tracking_heatmap_tiles
          WHERE viewport_bucket = '*' AND event_type = '*' ORDER BY level`,
    );
    // The day's tile and every block it completes until April 10: one cell each, rollups outlive raw events.
    expect(tiles[0]).toEqual({ first_day: '2027-03-01', level: 0, cell_count: 1 });
    expect(tiles.length).toBeGreaterThan(1);
    expect(tiles.every((tile) => tile.first_day <= '2027-03-01' && tile.cell_count === 1)).toBe(true);

    expect(await applyTrackingRetention(db, new Date('2028-06-01T00:00:00Z'), 30)).toEqual([
      '2027-04-10',
      '2027-04-11',
    ]);
    expect(await count('tracking_heatmap_hour_parts')).toBe(0);
    expect(await count('tracking_heatmap_tiles')).toBe(0);
  });
});
