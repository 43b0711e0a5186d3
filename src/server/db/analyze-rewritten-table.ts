import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client.ts';
import { queryRows } from './query-rows.ts';
import { STALE_BASE_ROWS, STALE_FRACTION } from './refresh-stale-statistics.ts';

const SizeRow = z.object({ rows: z.coerce.number() });

/**
 * ANALYZEs `table` when a statement of the caller's transaction just rewrote `changedRows` of its
 * rows and that makes its statistics stale by autovacuum's rule (`refreshStaleStatistics`, decision
 * 103), so the statements that follow in the same transaction plan on the rows now there. The change
 * counters `refreshStaleStatistics` reads only count a transaction's writes once it commits, and a
 * statement that reads back what it just wrote cannot wait for that: the affinity fold's first run
 * rewrote a table whose statistics said 16 rows with 5,682 and its day counts planned a nested loop
 * that re-aggregated the first orders' 180-day contribution once per first order (decision 247).
 * ANALYZE counts the transaction's own inserted rows and not its deleted ones, and rolls back with
 * it. Returns whether it analyzed.
 */
export async function analyzeRewrittenTable(db: Db, table: string, changedRows: number): Promise<boolean> {
  const [size] = await queryRows(
    db,
    SizeRow,
    sql`SELECT greatest(reltuples, 0)::float8 AS rows FROM pg_class WHERE oid = to_regclass(${table})`,
  );
  if (changedRows <= STALE_BASE_ROWS + STALE_FRACTION * (size?.rows ?? 0)) return false;
  await db.execute(sql`ANALYZE ${sql.identifier(table)}`);
  return true;
}
