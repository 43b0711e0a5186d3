import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createOrder,
  createOrderJourney,
  createTrackingSession,
  createTrackingSite,
  createWorkspace,
} from '../../../../test/support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/test-database.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { queryRows } from '../../db/query-rows.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
  await migrateDatabase(test.database);
});
afterAll(() => test.drop());

describe('first-party journey tables (migration 0240)', () => {
  it('stores session starts and one journey per order, and refuses an unknown join method', async () => {
    const { db } = test.database;
    const workspaceId = await createWorkspace(db);
    const configurationId = await createTrackingSite(db, {
      workspaceId,
      origin: 'https://shop.test',
      trackingId: 't1',
    });
    await createTrackingSession(db, {
      workspaceId,
      configurationId,
      sessionId: 's1',
      visitorId: 'v1',
      utmSource: 'facebook',
      fbclid: 'abc',
      device: 'mobile',
    });
    await createOrder(db, {
      workspaceId,
      orderId: 7,
      orderDate: '2026-11-01',
      totalMinor: 1000,
      visitorId: 'v1',
    });
    await createOrderJourney(db, {
      workspaceId,
      orderId: 7,
      configurationId,
      sessionId: 's1',
      visitorId: 'v1',
    });
    const rows = await queryRows(
      db,
      z.object({
        utm_source: z.string().nullable(),
        fbclid: z.string().nullable(),
        device: z.string().nullable(),
        method: z.string(),
      }),
      sql`
      SELECT s.utm_source, s.fbclid, s.device, j.method FROM tracking_order_journeys j
      JOIN tracking_sessions s USING (configuration_id, session_id)
      JOIN wh_orders o ON o.workspace_id = j.workspace_id AND o.order_id = j.order_id AND o.visitor_id = s.visitor_id`,
    );
    expect(rows).toEqual([{ utm_source: 'facebook', fbclid: 'abc', device: 'mobile', method: 'visitor_id' }]);
    await expect(
      db.execute(sql`INSERT INTO tracking_order_journeys (workspace_id, order_id, configuration_id, session_id, method)
        VALUES (${workspaceId}::uuid, 8, ${configurationId}::uuid, 's1', 'guess')`),
    ).rejects.toThrow();
  });
});
