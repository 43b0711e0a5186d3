import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from './client.ts';
import { queryRows } from './query-rows.ts';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Advisory-lock key so that several app processes starting together migrate one at a time. */
const MIGRATION_LOCK_KEY = 720_411;

const MigrateDatabaseRow = z.object({ name: z.string() });

/**
 * Applies every `migrations/NNNN_name.sql` not yet recorded in `schema_migrations`, in file-name
 * order, each in its own transaction. Plain SQL files (rather than drizzle-kit's journal) let
 * several areas add migrations in parallel without merge conflicts: see docs/decisions/001.
 * `until` (a file name) stops after that migration: the upgrade test builds a previous release's
 * schema with it.
 */
export async function migrateDatabase(
  database: Database,
  options: { until?: string } = {},
): Promise<string[]> {
  const { db } = database;
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  if (database.kind === 'postgres') await db.execute(sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
  try {
    const applied = new Set(
      (await queryRows(db, MigrateDatabaseRow, sql`SELECT name FROM schema_migrations`)).map(
        (row) => row.name,
      ),
    );
    const files = (await readdir(migrationsDir)).filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file)).sort();
    const newlyApplied: string[] = [];
    for (const file of files) {
      if (options.until !== undefined && file > options.until) break;
      if (applied.has(file)) continue;
      const script = await readFile(`${migrationsDir}${file}`, 'utf8');
      const record = `INSERT INTO schema_migrations (name) VALUES ('${file.replaceAll("'", "''")}');`;
      await database.execScript(`${script}\n;${record}`);
      newlyApplied.push(file);
    }
    return newlyApplied;
  } finally {
    if (database.kind === 'postgres') await db.execute(sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
  }
}
