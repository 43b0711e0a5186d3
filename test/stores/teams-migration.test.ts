import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { sessionTokenHash } from '../../src/server/platform/session/manage-sessions.ts';
import { StoreListSchema } from '../../src/shared/contracts/stores.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { createTestDatabase } from '../support/test-database.ts';

/**
 * Migration 0260 (issue #17 item 5, decision 053) on populated workspaces of the schema before it:
 * every workspace becomes a team holding that one store, its members keep their role, its rows keep
 * their store id (nothing re-keyed or re-synced), and a session from before the upgrade still works.
 */

const migrations = fileURLToPath(new URL('../../src/server/db/migrations/', import.meta.url));
const before0260 = (await readdir(migrations))
  .filter((file) => /^\d{4}_/.test(file) && file < '0260')
  .sort()
  .at(-1);

let app: TestApp | undefined;
afterAll(async () => {
  await app?.close();
});

describe('migration to teams and stores', () => {
  it('turns each populated workspace into a team with one store and its members', async () => {
    if (!before0260) throw new Error('no migration before 0260');
    const testDatabase = await createTestDatabase();
    await migrateDatabase(testDatabase.database, { until: before0260 });
    const { db } = testDatabase.database;
    // Two workspaces as the previous release made them: A with a synced EUR shop, two members
    // (its owner and a second row of a role name the old schema allowed) and orders; B bare.
    await db.execute(sql`
      INSERT INTO users (id, issuer, subject, email) VALUES
        ('10000000-0000-4000-8000-000000000001', 'dev', 'ann', 'ann@example.com'),
        ('10000000-0000-4000-8000-000000000002', 'dev', 'bob', 'bob@example.com'),
        ('10000000-0000-4000-8000-000000000003', 'dev', 'cat', 'cat@example.com');
      INSERT INTO workspaces (id, name, created_at) VALUES
        ('20000000-0000-4000-8000-00000000000a', 'Ann''s store', '2025-01-01T00:00:00Z'),
        ('20000000-0000-4000-8000-00000000000b', 'Cat''s store', '2025-02-01T00:00:00Z');
      INSERT INTO workspace_members (workspace_id, user_id, role) VALUES
        ('20000000-0000-4000-8000-00000000000a', '10000000-0000-4000-8000-000000000001', 'owner'),
        ('20000000-0000-4000-8000-00000000000a', '10000000-0000-4000-8000-000000000002', 'member'),
        ('20000000-0000-4000-8000-00000000000b', '10000000-0000-4000-8000-000000000003', 'owner');
      INSERT INTO wh_shops (workspace_id, shop_domain, name, currency_code, currency_digits, iana_timezone)
      VALUES ('20000000-0000-4000-8000-00000000000a', 'ann.myshopify.com', 'Ann', 'EUR', 2, 'Europe/Berlin');
      INSERT INTO wh_orders (workspace_id, order_id, name, currency_code, order_date, created_at, updated_at, total_minor)
      SELECT '20000000-0000-4000-8000-00000000000a', n, '#' || n, 'EUR', DATE '2025-03-01', now(), now(), 1000 * n
      FROM generate_series(1, 25) AS n;`);
    // A session as the schema before the upgrade stored it (later migrations add columns to it).
    const annToken = randomBytes(32).toString('base64url');
    await db.execute(sql`INSERT INTO sessions (token_hash, user_id, workspace_id, expires_at)
      VALUES (${sessionTokenHash(annToken)}, '10000000-0000-4000-8000-000000000001',
        '20000000-0000-4000-8000-00000000000a', now() + interval '30 days')`);

    app = await startTestApp({}, { database: testDatabase });
    const teams = await queryRows(
      app.db,
      z.object({ store: z.string(), team: z.string(), name: z.string(), currency: z.string() }),
      sql`SELECT w.id AS store, t.id AS team, t.name, t.reporting_currency AS currency
          FROM workspaces w JOIN teams t ON t.id = w.team_id ORDER BY w.created_at`,
    );
    expect(teams.map(({ store, name, currency }) => ({ store, name, currency }))).toEqual([
      { store: '20000000-0000-4000-8000-00000000000a', name: "Ann's store", currency: 'EUR' },
      { store: '20000000-0000-4000-8000-00000000000b', name: "Cat's store", currency: 'USD' },
    ]);
    // A team of its own for each workspace, with new ids (a team id is never a store id).
    expect(new Set(teams.map((row) => row.team)).size).toBe(2);
    expect(teams.some((row) => row.team === row.store)).toBe(false);

    const members = await queryRows(
      app.db,
      z.object({ email: z.string(), store: z.string(), role: z.string() }),
      sql`SELECT u.email, w.id AS store, m.role FROM team_members m JOIN users u ON u.id = m.user_id
          JOIN workspaces w ON w.team_id = m.team_id ORDER BY u.email`,
    );
    expect(members).toEqual([
      { email: 'ann@example.com', store: '20000000-0000-4000-8000-00000000000a', role: 'owner' },
      // An unknown legacy role gets the least power, never more.
      { email: 'bob@example.com', store: '20000000-0000-4000-8000-00000000000a', role: 'viewer' },
      { email: 'cat@example.com', store: '20000000-0000-4000-8000-00000000000b', role: 'owner' },
    ]);
    const [orders] = await queryRows(
      app.db,
      z.object({ n: z.number() }),
      sql`SELECT count(*)::int AS n FROM wh_orders WHERE workspace_id = '20000000-0000-4000-8000-00000000000a'`,
    );
    expect(orders?.n).toBe(25);
    const [legacy] = await queryRows(
      app.db,
      z.object({ name: z.string().nullable() }),
      sql`SELECT to_regclass('workspace_members')::text AS name`,
    );
    expect(legacy?.name).toBeNull();

    // The session from before the upgrade is Ann's, in her one store, as its owner.
    const response = await app.request('/api/stores', { cookie: `upside_session=${annToken}` });
    expect(response.status).toBe(200);
    const list = StoreListSchema.parse(await response.json());
    expect(list).toMatchObject({
      activeStoreId: '20000000-0000-4000-8000-00000000000a',
      role: 'owner',
      reportingCurrency: 'EUR',
    });
    expect(
      list.stores.map((store) => [store.name, store.currency, store.shopDomain, store.timeZone]),
    ).toEqual([["Ann's store", 'EUR', 'ann.myshopify.com', 'Europe/Berlin']]);
  });
});
