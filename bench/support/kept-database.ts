import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { createTestDatabase } from '../../test/support/test-database.ts';

export interface BenchDatabase {
  database: Database;
  /** True when the database existed before this run (a kept database: its warehouse is already seeded). */
  reused: boolean;
  /** Drops a fresh database; a kept one stays for the next run. */
  release(): Promise<void>;
}

/**
 * The bench's database: a fresh one (createTestDatabase, dropped at the end), or with `name` a
 * PostgreSQL database of that name on DATABASE_URL's server that is kept between runs, created on
 * the first (seeding a million orders takes minutes; timing a run against it does not need a new copy).
 */
export async function benchDatabase(name: string | undefined): Promise<BenchDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!name) {
    const fresh = await createTestDatabase();
    return { database: fresh.database, reused: false, release: () => fresh.drop() };
  }
  if (!adminUrl || !/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error('BENCH_DATABASE needs DATABASE_URL and a lower-case identifier');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  const reused = (found.rowCount ?? 0) > 0;
  if (!reused) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.href, maxConnections: 5 });
  return { database, reused, release: () => database.close() };
}
