import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { createEventWriter } from '../../src/server/ingest/event-writer.ts';
import { foldHeatmapMonths } from '../../src/server/ingest/heatmap-months.ts';
import { getHeatmap } from '../../src/server/services/read-cursor-tracking.ts';
import type { HeatmapQuery } from '../../src/shared/contracts/cursor-tracking.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { makeEvent } from './ingest-helpers.ts';

/**
 * Folding finished days into month cells changes where a heatmap is read from, never what it
 * shows: every range answers the same before any fold, after a partial fold and after a full one.
 */
describe('heatmap month cells', () => {
  let testDb: TestDatabase;
  let workspaceId: string;
  const shop = 'https://months.example';
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await migrateDatabase(testDb.database);
    const db = testDb.database.db;
    [{ id: workspaceId }] = (await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO workspaces (name) VALUES ('w') RETURNING id`,
    )) as [{ id: string }];
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it('answers every range the same before and after folding', async () => {
    const db = testDb.database.db;
    const [{ id: configurationId }] = (await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO tracking_configurations (workspace_id, website_name, website_url, website_origin, tracking_id, api_key)
          VALUES (${workspaceId}, 'Shop', ${shop}, ${shop}, 'trk_months', 'k') RETURNING id`,
    )) as [{ id: string }];
    let now = new Date();
    const writer = createEventWriter(db, {
      clock: () => now,
      retentionDays: 3650,
      onMaintenanceError: (error) => {
        throw error;
      },
    });
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
      now = new Date(`${day}T10:00:00Z`);
      const events = Array.from({ length: 12 }, (_, i) =>
        makeEvent(shop, {
          // Scroll depth never counts in the "clicks and moves" view, folded or not.
          eventType: i % 3 === 0 ? 'cursor_move' : i % 5 === 4 ? 'scroll' : 'click',
          elementSelector: i % 3 === 0 || i % 5 === 4 ? undefined : '#buy',
          x: (i * 97 + d * 31) % 1280,
          y: (i * 53 + d * 7) % 400,
          viewportWidth: i % 4 === 0 ? 375 : 1280,
        }),
      );
      // A click in the very cell of the scroll: "all" of that cell counts the click only.
      const scroll = events.find((event) => event.eventType === 'scroll')!;
      events.push(makeEvent(shop, { x: scroll.x, y: scroll.y, viewportWidth: scroll.viewportWidth }));
      await writer.write({ workspaceId, configurationId, events });
      // Every day is written twice, so folded days add up counts.
      await writer.write({ workspaceId, configurationId, events });
    }
    await writer.drain();

    const ranges: Array<Partial<HeatmapQuery>> = [
      {},
      { from: '2027-01-31' },
      { to: '2027-02-28' },
      { from: '2027-02-01', to: '2027-02-28' },
      { from: '2027-01-31', to: '2027-03-01' },
      { from: '2027-02-15', to: '2027-02-15', viewport: 'desktop' },
      { viewport: 'mobile', eventType: 'cursor_move' },
      { from: '2027-03-01', eventType: 'click' },
      { to: '2027-02-28', eventType: 'scroll' },
    ];
    const read = () => Promise.all(ranges.map((range) => getHeatmap(db, { workspaceId, ...range })));
    // The writer folded some days already, in the background: the reference reads daily cells only.
    expect(await queryRows(db, sql`SELECT folded_through FROM tracking_heatmap_fold_state`)).toHaveLength(1);
    await db.execute(sql`DELETE FROM tracking_heatmap_month_cells`);
    await db.execute(sql`DELETE FROM tracking_heatmap_fold_state`);
    const unfolded = await read();
    expect(unfolded[0]!.heatmapData.length).toBeGreaterThan(20);

    const monthCells = async () =>
      Number(
        (await queryRows<{ n: string }>(db, sql`SELECT count(*) AS n FROM tracking_heatmap_month_cells`))[0]
          ?.n,
      );
    // Partial fold (through Feb 16), then everything up to March 2; days are folded an hour after
    // they end at the earliest.
    expect(await foldHeatmapMonths(db, new Date('2027-02-17T00:30:00Z'))).toBe('2027-02-15');
    expect(await foldHeatmapMonths(db, new Date('2027-02-17T08:00:00Z'))).toBe('2027-02-16');
    expect(await monthCells()).toBeGreaterThan(0);
    expect(await read()).toEqual(unfolded);
    expect(await foldHeatmapMonths(db, new Date('2027-02-17T09:00:00Z'))).toBeNull();
    expect(await foldHeatmapMonths(db, new Date('2027-03-04T00:00:00Z'))).toBe('2027-03-02');
    expect(await read()).toEqual(unfolded);
  });
});
