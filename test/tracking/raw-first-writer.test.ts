import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { int8Number, queryRows } from '../../src/server/db/query-rows.ts';
import { createEventWriter } from '../../src/server/features/tracking/ingest/event-writer.ts';
import type { TestDatabase } from '../support/test-database.ts';
import { createSiteDatabase, makeEvent } from './ingest-helpers.ts';

const CountRow = z.object({ n: int8Number });
const rethrow = (error: unknown) => {
  throw error;
};
const HOUR_MS = 3_600_000;

/**
 * Raw-first writer's timing (decision 176): the group window waits only while another commit is in
 * flight, and a fold starts once enough events are unfolded rather than only after FOLD_DELAY_MS.
 */
describe('raw-first writer: group window and fold by pending count', () => {
  let testDb: TestDatabase;
  let workspaceId: string;
  let configurationId: string;
  const shop = 'https://raw-first-writer.example';
  const now = new Date('2027-06-01T10:20:00Z');
  beforeAll(async () => {
    ({ testDb, workspaceId, configurationId } = await createSiteDatabase(shop, 'trk_raw_writer'));
  });
  afterAll(async () => {
    await testDb?.drop();
  });
  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows(testDb.database.db, CountRow, query))[0]?.n ?? 0;
  const pending = () =>
    count(sql`SELECT count(*) AS n FROM tracking_events
      WHERE ingested_at >= (SELECT folded_before FROM tracking_fold_watermark)`);
  const events = (sessionId: string, n: number) =>
    Array.from({ length: n }, (_, i) => makeEvent(shop, { sessionId, x: (i * 37) % 1280 }));

  it('a request that finds no commit in flight is committed at once, whatever the window', async () => {
    // A window of an hour: before decision 176 every write within the window of the previous
    // group waited for it, so the second of these writes would not resolve within the test.
    const writer = createEventWriter(testDb.database.db, {
      clock: () => now,
      retentionDays: 30,
      rawFirst: true,
      groupWindowMs: HOUR_MS,
      foldDelayMs: HOUR_MS,
      onMaintenanceError: rethrow,
    });
    const started = performance.now();
    for (let i = 0; i < 3; i++)
      await writer.write({ workspaceId, configurationId, events: events(`sess_lone_${i}`, 5) });
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(
      await count(sql`SELECT count(*) AS n FROM tracking_events WHERE session_id LIKE 'sess_lone_%'`),
    ).toBe(15);
    await writer.drain();
  });

  it('folds once the unfolded events reach foldAfterEvents, without waiting for its timer', async () => {
    const writer = createEventWriter(testDb.database.db, {
      clock: () => now,
      retentionDays: 30,
      rawFirst: true,
      foldDelayMs: HOUR_MS,
      foldAfterEvents: 50,
      onMaintenanceError: rethrow,
    });
    // A writer's first commit of an hour starts its hourly tile fold, which folds the raw rows
    // first (decision 147): that commit is drained before the counted ones.
    await writer.write({ workspaceId, configurationId, events: events('sess_count_0', 1) });
    await writer.drain();
    expect(await pending()).toBe(0);
    await writer.write({ workspaceId, configurationId, events: events('sess_count_1', 30) });
    // Below the count and an hour before the timer: nothing folds these.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await pending()).toBe(30);
    await writer.write({ workspaceId, configurationId, events: events('sess_count_2', 30) });
    const deadline = Date.now() + 20_000;
    while ((await pending()) > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await pending()).toBe(0);
    expect(
      await count(sql`SELECT coalesce(sum(event_count), 0) AS n FROM tracking_sessions
        WHERE session_id IN ('sess_count_1', 'sess_count_2')`),
    ).toBe(60);
    await writer.drain();
  });
});
