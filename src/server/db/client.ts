import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The drizzle database, the same type whether PGlite or node-postgres sits underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL's connection string, for a worker thread that opens connections of its own (the
   * analysis worker, analyze-warehouse.ts); null on PGlite, whose database lives in this thread.
   */
  url: string | null;
  /** Runs a multi-statement SQL script as one transaction (migrations). */
  execScript(script: string): Promise<void>;
  /**
   * Liveness locks (decision 115): holds a session advisory lock on `key` until the answer is
   * called. On PostgreSQL the lock lives on a connection of its own, so a process that dies (a
   * `kill -9`) releases it with its connection; on PGlite, one process at a time owns the data
   * directory (decision 087), so the process itself is the lock and this holds nothing.
   */
  holdLock(key: string): Promise<() => Promise<void>>;
  /** Whether a live process holds `holdLock(key)` now (PGlite: only this process can, so false at start). */
  isLockHeld(key: string): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  /** `connectTimeoutMs`: a server that does not accept a connection this fast fails the query (a read replica, decision 126). */
  | { kind: 'postgres'; url: string; maxConnections?: number; connectTimeoutMs?: number }
  /** `dataDir: null` keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir: string | null };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    // JIT off (decision 080): on the attribution query of a 30-day window at a million orders the
    // server spent 8.6 s of 8.9 s compiling (inlining and optimising 148 functions) and ~0.2 s on
    // each full fact read, for no gain in execution: our statements are index-driven aggregates.
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.maxConnections ?? 10,
      ...(target.connectTimeoutMs ? { connectionTimeoutMillis: target.connectTimeoutMs } : {}),
      options: '-c jit=off',
    });
    // An idle connection the server closes (restart, failover, a dropped test database) is removed
    // from the pool and replaced on the next query; without a listener its 'error' event would
    // crash the process.
    pool.on('error', (error) =>
      process.emitWarning(`PostgreSQL dropped an idle connection: ${error.message}`),
    );
    // Fail fast with a readable error when the server is not reachable.
    await pool.query('SELECT 1');
    return {
      db: drizzleNodePostgres({ client: pool, schema }) as unknown as Db,
      kind: 'postgres',
      url: target.url,
      async execScript(script) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query(script);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        } finally {
          client.release();
        }
      },
      async holdLock(key) {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
        } catch (error) {
          client.release(true);
          throw error;
        }
        return async () => {
          try {
            await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
            client.release();
          } catch (error) {
            // A broken connection has released its locks already: drop it from the pool.
            client.release(error instanceof Error ? error : true);
          }
        };
      },
      async isLockHeld(key) {
        const client = await pool.connect();
        try {
          const { rows } = await client.query<{ taken: boolean }>(
            'SELECT pg_try_advisory_lock(hashtext($1)) AS taken',
            [key],
          );
          if (rows[0]?.taken) await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
          return !rows[0]?.taken;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  // One process at a time on a data directory (decision 087).
  const release = target.dataDir ? lockDataDir(target.dataDir) : () => undefined;
  // bigint (int8, e.g. `count(*)`, bigserial ids) comes back as text, as node-postgres returns it,
  // so a raw query's rows have one shape whichever engine runs (decision 059).
  const options = { parsers: { [types.INT8]: (value: string) => value } };
  let client: PGlite;
  try {
    if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
    client = target.dataDir ? new PGlite(target.dataDir, options) : new PGlite(options);
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  return {
    db: drizzlePglite({ client, schema }) as unknown as Db,
    kind: 'pglite',
    url: null,
    async execScript(script) {
      await client.transaction(async (tx) => {
        await tx.exec(script);
      });
    },
    holdLock: async () => async () => undefined,
    isLockHeld: async () => false,
    async close() {
      await client.close();
      release();
    },
  };
}
