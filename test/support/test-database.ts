import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client.ts';

export interface TestDatabase {
  database: Database;
  /** Connection URL of the fresh PostgreSQL database, when on PostgreSQL (for spawned servers). */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: a new PostgreSQL database on the server named by
 * DATABASE_URL when it is set (CI), otherwise an in-memory PGlite instance. The `pglite` test
 * project sets TEST_DATABASE=pglite to run its subset on PGlite even in CI.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE === 'pglite' ? undefined : process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    return { database, url: undefined, drop: () => database.close() };
  }
  const name = `upside_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.href, maxConnections: 5 });
  return {
    database,
    url: url.href,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
