import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../src/server/db/client.ts';
import { queryRows } from '../../../src/server/db/query-rows.ts';

/**
 * Rows and an order-independent checksum (sum of each row's text hash) of every table in the
 * public schema, partitioned tables read through their parent. Two calls with equal answers mean
 * no row was added, removed or changed in between.
 */
export async function tableChecksums(db: Db): Promise<Map<string, string>> {
  const tables = await queryRows(
    db,
    z.object({ name: z.string() }),
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`,
  );
  const rows = await queryRows(
    db,
    z.object({ name: z.string(), checksum: z.string() }),
    sql.raw(
      tables
        .map(
          ({ name }) =>
            `SELECT '${name}' AS name, count(*) || ':' || coalesce(sum(hashtext(t::text)::bigint), 0) AS checksum FROM "${name}" t`,
        )
        .join(' UNION ALL '),
    ),
  );
  return new Map(rows.map((row) => [row.name, row.checksum]));
}

/** Names of the tables whose checksum differs between two readings (added or dropped too). */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
