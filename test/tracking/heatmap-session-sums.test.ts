import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCaches } from '../../src/server/caches.ts';
import { createEventWriter } from '../../src/server/features/tracking/ingest/event-writer.ts';
import { foldHeatmapTiles } from '../../src/server/features/tracking/ingest/heatmap-fold.ts';
import { getHeatmap } from '../../src/server/features/tracking/read-heatmap.ts';
import { getScrollMap } from '../../src/server/features/tracking/read-heatmap-insights.ts';
import { createOrderJourney } from '../support/factories.ts';
import type { TestDatabase } from '../support/test-database.ts';
import { createSiteDatabase, heatmapTotal, makeEvent } from './ingest-helpers.ts';

/**
 * The converting and non-converting heatmaps keep the sum of the past days' session rows per fold
 * version and buyer set, and the scroll map its answer per version of the rows (decision 075). What they show must never lag the data: a newly joined
 * order, a new session of a buyer's visitor, a commit arriving late for a folded day and the next
 * fold each show at once, with one cache kept across the reads as a server keeps it.
 */
describe('converted heatmap sums of past days', () => {
  let testDb: TestDatabase;
  let workspaceId: string;
  let configurationId: string;
  const shop = 'https://sums.example';
  const page = `${shop}/products/mug`;
  beforeAll(async () => {
    ({ testDb, workspaceId, configurationId } = await createSiteDatabase(shop, 'trk_sums'));
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it('shows new orders, new sessions, late commits and folds at once', async () => {
    const db = testDb.database.db;
    let now = new Date();
    const maintenanceErrors: unknown[] = [];
    const writer = createEventWriter(db, {
      clock: () => now,
      retentionDays: 3650,
      onMaintenanceError: (error) => maintenanceErrors.push(error),
    });
    /** `clicks` clicks of a session (each in its own cell) at `at`. */
    const write = async (at: string, sessionId: string, visitorId: string | undefined, clicks: number) => {
      now = new Date(at);
      const events = Array.from({ length: clicks }, (_, i) =>
        makeEvent(shop, { sessionId, visitorId, pageUrl: page, x: 100 + 40 * i, y: 50 + 30 * i }),
      );
      await writer.write({ workspaceId, configurationId, events });
      await writer.drain();
    };
    const caches = createAppCaches();
    const cache = caches.heatmapTiles;
    const clicks = async (converted: 'true' | 'false') =>
      heatmapTotal(await getHeatmap(db, cache, { workspaceId, page, eventType: 'click', converted }));
    const views = async (converted: 'true' | 'false') =>
      (await getScrollMap(db, caches.answers, { workspaceId, page, converted })).views;
    /** Clicks and scroll-map views (session pages) of converting and non-converting sessions. */
    const expectSplit = async (when: string, buyers: number, others: number, split: [number, number]) => {
      // Twice: the second read is answered from what the first one kept.
      for (let read = 0; read < 2; read++) {
        expect(await clicks('true'), `${when}: converted`).toBe(buyers);
        expect(await clicks('false'), `${when}: not converted`).toBe(others);
        expect([await views('true'), await views('false')], `${when}: views`).toEqual(split);
      }
      expect(heatmapTotal(await getHeatmap(db, cache, { workspaceId, page, eventType: 'click' }))).toBe(
        buyers + others,
      );
    };

    await write('2027-03-01T10:00:00Z', 'a', 'va', 3);
    await write('2027-03-01T11:00:00Z', 'b', 'vb', 2);
    await write('2027-03-01T12:00:00Z', 'c', undefined, 1);
    await write('2027-03-02T10:00:00Z', 'a2', 'va', 1);
    // March 1 and 2 are folded: their session rows are past days.
    expect(await foldHeatmapTiles(db, new Date('2027-03-03T12:00:00Z'))).toEqual(
      new Date('2027-03-03T11:00:00Z'),
    );
    await createOrderJourney(db, {
      workspaceId,
      orderId: 1,
      configurationId,
      sessionId: 'a',
      visitorId: 'va',
    });
    await expectSplit('one order', 4, 3, [2, 2]);
    // A newly joined order moves its visitor's sessions over.
    await createOrderJourney(db, {
      workspaceId,
      orderId: 2,
      configurationId,
      sessionId: 'b',
      visitorId: 'vb',
    });
    await expectSplit('second order', 6, 1, [3, 1]);
    // Today's session of a buyer's visitor.
    await write('2027-03-03T12:30:00Z', 'a3', 'va', 1);
    await expectSplit('new session today', 7, 1, [4, 1]);
    // Another session in the same hour: no fold in between, only the rows changed.
    await write('2027-03-03T12:40:00Z', 'e', undefined, 1);
    await expectSplit('another session, same hour', 7, 2, [4, 2]);
    // A commit arriving late for folded March 2 (another process's clock), to a buyer's session
    // already there (so the buyer set is the same): shown before the next fold.
    await write('2027-03-02T23:59:00Z', 'a2', 'va', 2);
    await write('2027-03-02T23:59:30Z', 'd', undefined, 1);
    await expectSplit('late commit', 9, 3, [4, 3]);
    expect(await foldHeatmapTiles(db, new Date('2027-03-04T12:00:00Z'))).toEqual(
      new Date('2027-03-04T11:00:00Z'),
    );
    await expectSplit('all folded', 9, 3, [4, 3]);
    expect(maintenanceErrors).toEqual([]);
  });
});
