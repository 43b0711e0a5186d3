import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { refreshStaleStatistics } from '../../src/server/db/refresh-stale-statistics.ts';
import { createWorkspace } from '../support/factories.ts';
import { createMigratedTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * Decision 103: on a server without autovacuum (and on PGlite) a freshly loaded table keeps the
 * planner's "never analyzed" guess until someone analyzes it. refreshStaleStatistics analyzes the
 * tables changed by more than 10 % + 50 rows since their last statistics, and only those.
 */
describe('refreshStaleStatistics', () => {
  let testDatabase: TestDatabase;
  const db = () => testDatabase.database.db;
  const reltuples = async (table: string) => {
    const [row] = await queryRows(
      db(),
      z.object({ n: z.coerce.number() }),
      sql`SELECT reltuples AS n FROM pg_class WHERE relname = ${table} AND relnamespace = current_schema()::regnamespace`,
    );
    return row!.n;
  };

  /** The tables analyzed once the servers' change counters are flushed (up to a second after a write). */
  const analyzedSoon = async (table: string) => {
    const analyzed = new Set<string>();
    for (let i = 0; i < 30 && !analyzed.has(table); i++) {
      for (const name of await refreshStaleStatistics(db())) analyzed.add(name);
      if (!analyzed.has(table)) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return [...analyzed];
  };

  beforeAll(async () => {
    testDatabase = await createMigratedTestDatabase();
    await refreshStaleStatistics(db());
  });
  afterAll(async () => {
    await testDatabase?.drop();
  });

  it('analyzes a table that gained thousands of rows, then nothing until it changes again', async () => {
    const workspaceId = await createWorkspace(db(), 'Statistics');
    await db().execute(sql`
      INSERT INTO wh_orders (workspace_id, order_id, name, created_at, updated_at, order_date, total_minor, currency_code)
      SELECT ${workspaceId}::uuid, n, '#' || n, now(), now(), DATE '2026-11-01', 1000, 'USD'
      FROM generate_series(1, 3000) n`);
    expect(await reltuples('wh_orders')).toBeLessThan(1);
    expect(await analyzedSoon('wh_orders')).toContain('wh_orders');
    expect(await reltuples('wh_orders')).toBe(3000);
    expect(await refreshStaleStatistics(db())).toEqual([]);
    // 10 % + 50 of 3,000 is 350 rows: 100 more is not stale yet, 400 more is.
    const more = (from: number, to: number) =>
      db().execute(sql`
        INSERT INTO wh_orders (workspace_id, order_id, name, created_at, updated_at, order_date, total_minor, currency_code)
        SELECT ${workspaceId}::uuid, n, '#' || n, now(), now(), DATE '2026-11-01', 1000, 'USD'
        FROM generate_series(${from}::int, ${to}::int) n`);
    await more(3001, 3100);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await refreshStaleStatistics(db())).not.toContain('wh_orders');
    await more(3101, 3400);
    expect(await analyzedSoon('wh_orders')).toContain('wh_orders');
    expect(await reltuples('wh_orders')).toBe(3400);
  });
});
