import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { refreshAnalysisFacts } from '../../src/server/domain/analysis-facts/refresh-analysis-facts.ts';
import { CUSTOMER_SPEC, TOUCHPOINT_SPEC } from '../../src/server/domain/warehouse/shopify-rows.ts';
import { type UpsertRow, upsertRows } from '../../src/server/domain/warehouse/upsert-rows.ts';
import { createWorkspace } from '../support/factories.ts';
import { createMigratedTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * The batched upsert of the syncs (typed arrays through `unnest`) and the per-statement workspace
 * check of the large warehouse tables (migration 0033): any text survives the array encoding,
 * a second upsert rewrites nothing, a missing workspace is refused and deleting a workspace
 * deletes its rows, the analysis facts kept from them included.
 */

let testDatabase: TestDatabase;
let workspaceId: string;
let otherWorkspaceId: string;

const db = () => testDatabase.database.db;

const newWorkspace = (name: string) => createWorkspace(db(), name);

const AWKWARD = [
  'O\'Brien "the" \\ back\\slash',
  'a,b{c}d',
  'NULL',
  '',
  '  padded  ',
  'line\nbreak\ttab',
  'Zoë — 東京 🎉',
];

function customer(workspace: string, index: number, firstName: string | null): UpsertRow {
  return {
    workspace_id: workspace,
    customer_id: 7_400_000_000_000 + index * 11,
    first_name: firstName,
    last_name: index % 2 === 0 ? null : 'Last',
    email: `c${index}@example.com`,
    number_of_orders: index,
    amount_spent_minor: 123_456_789_012 + index,
    currency_code: 'USD',
    created_at: '2026-03-08T06:30:00.000Z',
    updated_at: null,
    synced_at: '2026-11-01T12:00:00.000Z',
  };
}

beforeAll(async () => {
  testDatabase = await createMigratedTestDatabase();
  workspaceId = await newWorkspace('one');
  otherWorkspaceId = await newWorkspace('two');
}, 240_000);

afterAll(async () => {
  await testDatabase?.drop();
});

const ReadRow = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  spent: z.string(),
  xmin: z.string(),
});

describe('upsertRows', () => {
  it('stores any text, nulls and large integers exactly, and a second run rewrites nothing', async () => {
    const rows = [...AWKWARD, null].map((name, index) => customer(workspaceId, index, name));
    expect(await upsertRows(db(), CUSTOMER_SPEC, rows, 3)).toBe(rows.length);
    const read = async () =>
      queryRows(
        db(),
        ReadRow,
        sql`SELECT first_name, last_name, amount_spent_minor::text AS spent, xmin::text AS xmin
            FROM wh_customers WHERE workspace_id = ${workspaceId} ORDER BY customer_id`,
      );
    const stored = await read();
    expect(stored.map((row) => row.first_name)).toEqual([...AWKWARD, null]);
    expect(stored.map((row) => row.last_name)).toEqual(rows.map((row) => row.last_name));
    expect(stored.map((row) => row.spent)).toEqual(rows.map((row) => String(row.amount_spent_minor)));

    // Only synced_at differs (a "touch" column): nothing is rewritten.
    const again = rows.map((row) => ({ ...row, synced_at: '2026-11-02T12:00:00.000Z' }));
    await upsertRows(db(), CUSTOMER_SPEC, again);
    expect(await read()).toEqual(stored);

    // A changed value rewrites that row only.
    await upsertRows(db(), CUSTOMER_SPEC, [{ ...again[1]!, first_name: 'Changed' }]);
    const changed = await read();
    expect(changed[1]?.first_name).toBe('Changed');
    expect(changed[1]?.xmin).not.toBe(stored[1]?.xmin);
    expect(changed.filter((_, index) => index !== 1)).toEqual(stored.filter((_, index) => index !== 1));
  });
});

const QueryRow = z.object({ n: z.union([z.number(), z.string()]) });

const CountRow = z.object({ workspace_id: z.string(), n: z.union([z.number(), z.string()]) });

describe('workspace reference of the large warehouse tables', () => {
  const touchpoint = (workspace: string, orderId: number): UpsertRow => ({
    workspace_id: workspace,
    order_id: orderId,
    position: 0,
    occurred_at: '2026-03-08T06:30:00.000Z',
    source: 'google',
    source_type: 'SEO',
    referrer_url: null,
    landing_page: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_content: null,
    utm_term: null,
  });

  it('refuses rows of a workspace that does not exist, even mixed with valid ones', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    await expect(
      upsertRows(db(), TOUCHPOINT_SPEC, [touchpoint(workspaceId, 1), touchpoint(missing, 2)]),
    ).rejects.toThrow();
    const [row] = await queryRows(db(), QueryRow, sql`SELECT count(*) AS n FROM wh_journey_touchpoints`);
    expect(Number(row?.n)).toBe(0);
  });

  it('deletes a workspace’s rows with the workspace and keeps the others', async () => {
    await upsertRows(db(), TOUCHPOINT_SPEC, [touchpoint(workspaceId, 1), touchpoint(otherWorkspaceId, 1)]);
    await upsertRows(db(), CUSTOMER_SPEC, [customer(otherWorkspaceId, 1, 'Other')]);
    // An order, and the analysis facts built from it (decision 084), go with the workspace too.
    await db().execute(
      sql`INSERT INTO wh_orders (workspace_id, order_id, name, currency_code, total_minor, created_at, updated_at,
            order_date, customer_id)
          VALUES (${workspaceId}, 1, '#1', 'USD', 1000, now(), now(), '2026-11-01', 7400000000011)`,
    );
    await refreshAnalysisFacts(db(), workspaceId);
    const factRows = sql`SELECT workspace_id FROM wh_fact_order_days UNION ALL SELECT workspace_id FROM wh_fact_customer_orders
      UNION ALL SELECT workspace_id FROM wh_fact_dirty_days UNION ALL SELECT workspace_id FROM wh_fact_dirty_customers`;
    const [facts] = await queryRows(db(), QueryRow, sql`SELECT count(*) AS n FROM (${factRows}) rows`);
    expect(Number(facts?.n)).toBe(2);
    await db().execute(sql`DELETE FROM workspaces WHERE id = ${workspaceId}`);
    const counts = await queryRows(
      db(),
      CountRow,
      sql`SELECT workspace_id, count(*) AS n FROM (
            SELECT workspace_id FROM wh_journey_touchpoints UNION ALL SELECT workspace_id FROM wh_customers
            UNION ALL SELECT workspace_id FROM wh_orders UNION ALL ${factRows}
          ) rows GROUP BY workspace_id`,
    );
    expect(counts.map((row) => [row.workspace_id, Number(row.n)])).toEqual([[otherWorkspaceId, 2]]);
  });
});
