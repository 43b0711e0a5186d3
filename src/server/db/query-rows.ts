import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Runs raw SQL and returns its rows. PGlite and node-postgres both answer `{ rows }`, but the
 * shared `Db` type cannot know which driver is underneath, so the shape is asserted here, once.
 */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
