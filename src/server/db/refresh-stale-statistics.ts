import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client.ts';
import { queryRows } from './query-rows.ts';

/** Rows changed since a table's last ANALYZE before it counts as stale: autovacuum's defaults. */
export const STALE_BASE_ROWS = 50;
export const STALE_FRACTION = 0.1;

const StaleRow = z.object({ name: z.string() });

/**
 * ANALYZEs the tables of the current schema whose rows changed by more than 10 % (+50 rows) since
 * their statistics were last taken — autovacuum's analyze rule, for the servers that run without
 * autovacuum (this project's machines, PGlite in demo mode) and for the minutes before autovacuum
 * gets to a freshly loaded table. Without it the planner takes a table of thousands of rows for
 * one: the funnel report over the demo's 8,705 tracker sessions planned nested loops over CTE
 * scans estimated at 1 row and took 71.6 s (decision 103). Returns the tables analyzed.
 */
export async function refreshStaleStatistics(db: Db): Promise<string[]> {
  const stale = await queryRows(
    db,
    StaleRow,
    sql`SELECT s.relname AS name FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
        WHERE s.schemaname = current_schema()
          AND s.n_mod_since_analyze > ${STALE_BASE_ROWS} + ${STALE_FRACTION} * greatest(c.reltuples, 0)
        ORDER BY 1`,
  );
  if (stale.length === 0) return [];
  await db.execute(
    sql`ANALYZE ${sql.join(
      stale.map((table) => sql.identifier(table.name)),
      sql`, `,
    )}`,
  );
  return stale.map((table) => table.name);
}
