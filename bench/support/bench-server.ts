import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/server/db/client.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { loadEnv } from '../../src/server/env.ts';
import { type RunningServer, startServer } from '../../src/server/main.ts';
import { signInThroughDevProvider } from '../../test/support/start-app.ts';
import { createTestDatabase } from '../../test/support/test-database.ts';

/** A bench's server: no demo, no background jobs, on a fresh database, with its owner signed in. */
export interface BenchServer {
  server: RunningServer;
  db: Db;
  /** The signed-in owner's session cookie. */
  cookie: string;
  /** The owner's first store (a `workspaces` row, decision 053) and its team. */
  workspaceId: string;
  teamId: string;
  databaseKind: string;
  /** Stops the server and drops the database. */
  close(): Promise<void>;
}

/**
 * Starts the real server on a fresh database (DATABASE_URL, else in-memory PGlite) and signs in
 * bench@example.com through the development identity provider, as the endpoint benches need.
 */
export async function startBenchServer(): Promise<BenchServer> {
  const testDatabase = await createTestDatabase();
  const server = await startServer({
    env: loadEnv({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO: '0' }),
    database: testDatabase.database,
    ephemeralSecrets: true,
    backgroundJobs: false,
  });
  const close = async () => {
    await server.close();
    await testDatabase.drop();
  };
  try {
    const db = server.deps.db;
    const cookie = await signInThroughDevProvider(server.url, 'bench@example.com', 'Bench');
    const [store] = await queryRows(
      db,
      z.object({ id: z.string(), team_id: z.string() }),
      sql`SELECT w.id, w.team_id FROM workspaces w JOIN team_members m ON m.team_id = w.team_id
          JOIN users u ON u.id = m.user_id WHERE u.email = 'bench@example.com'`,
    );
    if (!store) throw new Error('no store after sign-in');
    return {
      server,
      db,
      cookie,
      workspaceId: store.id,
      teamId: store.team_id,
      databaseKind: testDatabase.database.kind,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
