import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { applyTrackingRetention } from '../../src/server/domain/tracking/partitions.ts';
import { addSessionCells, SESSION_CELL_TYPE } from '../../src/server/domain/tracking/session-pages.ts';
import { createEventWriter } from '../../src/server/features/tracking/ingest/event-writer.ts';
import type { TestDatabase } from '../support/test-database.ts';
import { createSiteDatabase, makeEvent } from './ingest-helpers.ts';

const PartRow = z.object({
  day: z.string(),
  height: z.number(),
  depth: z.number(),
  cells: z.instanceof(Uint8Array),
  clicks: z.array(z.tuple([z.number(), z.number(), z.number(), z.string().nullable(), z.number()])),
});

/**
 * A session's page as part rows (decision 186, migration 0740): each commit appends its own row
 * instead of rewriting the stored one with its cells and clicks appended, and the daily retention
 * merges a past day's parts into one row that holds exactly what the parts held.
 */
describe('session pages appended as parts, merged once their day is past', () => {
  let testDb: TestDatabase;
  let workspaceId: string;
  let configurationId: string;
  const shop = 'https://session-parts.example';
  beforeAll(async () => {
    ({ testDb, workspaceId, configurationId } = await createSiteDatabase(shop, 'trk_parts'));
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const partsOf = (sessionId: string) =>
    queryRows(
      testDb.database.db,
      PartRow,
      sql`SELECT day::text AS day, viewport_height AS height, scroll_depth AS depth, cells, clicks
        FROM tracking_session_pages WHERE session_id = ${sessionId} ORDER BY day`,
    );
  /** What readers take of a day's parts: cells summed by code, every click, the largest height and depth. */
  const readOf = (parts: z.infer<typeof PartRow>[], day: string) => {
    const cells = new Map<number, number>();
    const types = new Set(Object.values(SESSION_CELL_TYPE));
    const ofDay = parts.filter((part) => part.day === day);
    for (const part of ofDay) addSessionCells(cells, part.cells, types);
    return {
      cells: [...cells].sort(([a], [b]) => a - b),
      clicks: ofDay.flatMap((part) => part.clicks).sort((a, b) => a[0] - b[0]),
      height: Math.max(...ofDay.map((part) => part.height)),
      depth: Math.max(...ofDay.map((part) => part.depth)),
    };
  };
  const batch = (sessionId: string, n: number, seed: number) => ({
    workspaceId,
    configurationId,
    events: Array.from({ length: n }, (_, i) =>
      makeEvent(shop, {
        sessionId,
        eventType: i % 3 === 0 ? 'click' : i % 3 === 1 ? 'cursor_move' : 'scroll',
        x: (seed * 131 + i * 37) % 1280,
        y: (seed * 71 + i * 53) % 3000,
        timestamp: Date.parse('2027-05-01T10:00:00Z') + seed * 1000 + i,
        viewportHeight: 700 + seed,
        ...(i % 3 === 2 ? { scrollDepth: 10 * seed + i } : {}),
      }),
    ),
  });

  it('appends a row per commit; the next day merges them into one, the same for every reader', async () => {
    let now = new Date('2027-05-01T10:00:00Z');
    const errors: unknown[] = [];
    const writer = createEventWriter(testDb.database.db, {
      clock: () => now,
      retentionDays: 30,
      rawFirst: false,
      onMaintenanceError: (error) => errors.push(error),
    });
    for (let seed = 1; seed <= 3; seed++) await writer.write(batch('sess_parts', 9, seed));
    await writer.drain();
    const before = await partsOf('sess_parts');
    expect(before.map((part) => part.day)).toEqual(['2027-05-01', '2027-05-01', '2027-05-01']);
    const read = readOf(before, '2027-05-01');
    expect(read.clicks).toHaveLength(9);

    // The next day's first commit starts the daily maintenance: retention, then the merge of the
    // days before (the new day's own part stays a part).
    now = new Date('2027-05-02T08:00:00Z');
    await writer.write(batch('sess_parts', 6, 4));
    await writer.drain();
    expect(errors).toEqual([]);
    const after = await partsOf('sess_parts');
    expect(after.map((part) => part.day)).toEqual(['2027-05-01', '2027-05-02']);
    expect(readOf(after, '2027-05-01')).toEqual(read);

    // A late commit for the past day, then two merges at once (two app processes): the merged row
    // and the late part become one, nothing counted twice or lost.
    now = new Date('2027-05-01T23:59:00Z');
    await writer.write(batch('sess_parts', 6, 5));
    await writer.drain();
    const late = await partsOf('sess_parts');
    expect(late.filter((part) => part.day === '2027-05-01')).toHaveLength(2);
    const withLate = readOf(late, '2027-05-01');
    expect(withLate.clicks).toHaveLength(11);
    const at = new Date('2027-05-02T09:00:00Z');
    await Promise.all([
      applyTrackingRetention(testDb.database.db, at, 30),
      applyTrackingRetention(testDb.database.db, at, 30),
    ]);
    const merged = await partsOf('sess_parts');
    expect(merged.map((part) => part.day)).toEqual(['2027-05-01', '2027-05-02']);
    expect(readOf(merged, '2027-05-01')).toEqual(withLate);
  });
});
