import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/server/db/client.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';

const IndexRow = z.object({ drop: z.string(), create: z.string() });

/**
 * Runs a bench's bulk `INSERT … SELECT` as PostgreSQL's own manual advises for a bulk load, in one
 * transaction: the tables' indexes (primary keys included, when no foreign key references them) are
 * dropped first and built again after, in one sorted pass each, instead of one random b-tree insert
 * per row and index; and the rows' triggers, foreign-key checks included, are off
 * (`session_replication_role = replica`, one probe per row and foreign key otherwise): the bench's
 * rows reference its own store and site by construction. The tables end as the migrations declare
 * them (the same index definitions), so what the bench times after the fill is unchanged.
 */
export async function bulkLoad(db: Db, tables: readonly string[], load: (tx: Db) => Promise<void>) {
  await db.transaction(async (tx) => {
    const indexes = await queryRows(
      tx,
      IndexRow,
      sql`SELECT CASE WHEN c.conname IS NULL THEN format('DROP INDEX %s', i.indexrelid::regclass)
          ELSE format('ALTER TABLE %s DROP CONSTRAINT %I', i.indrelid::regclass, c.conname) END AS drop,
        CASE WHEN c.conname IS NULL THEN pg_get_indexdef(i.indexrelid)
          ELSE format('ALTER TABLE %s ADD CONSTRAINT %I %s', i.indrelid::regclass, c.conname,
            pg_get_constraintdef(c.oid)) END AS create
      FROM pg_index i LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.conrelid = i.indrelid
      WHERE i.indrelid = ANY(${sql.raw(`ARRAY[${tables.map((t) => `'${t}'::regclass`).join(', ')}]`)})
        AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = i.indexrelid)`,
    );
    for (const index of indexes) await tx.execute(sql.raw(index.drop));
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`);
    await load(tx);
    await tx.execute(sql`SET LOCAL session_replication_role = origin`);
    for (const index of indexes) await tx.execute(sql.raw(index.create));
  });
}
