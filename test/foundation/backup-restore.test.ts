import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Db, openDatabase } from '../../src/server/db/client.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { upsideCommand } from '../support/compiled-app.ts';
import { placeMigratedDataDir } from '../support/embedded-data-dir.ts';
import { createUsers } from '../support/factories.ts';
import { createConnectedDemoDatabase } from '../support/start-demo-app.ts';
import type { TestDatabase } from '../support/test-database.ts';

/**
 * `upside backup` / `upside restore` round trips, run as the real CLI in a child process: every
 * table's rows (a checksum of each table's sorted rows) are the same after a restore over a
 * database that was changed and partly dropped since the backup. PostgreSQL (pg_dump/pg_restore)
 * when DATABASE_URL is set; the embedded PGlite archive always.
 */

const run = promisify(execFile);
const scratch = await mkdtemp(join(tmpdir(), 'upside-backup-'));

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function upside(args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...base } = process.env;
  const command = await upsideCommand(args, { embeddedDatabase: !env.DATABASE_URL });
  return run(process.execPath, command, {
    env: { ...base, LOG_LEVEL: 'silent', ...env },
    timeout: 120_000,
  });
}

/** Row count and an md5 of every row's text, sorted, per table (partitions included once, via the parent). */
async function tableChecksums(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows(
    db,
    z.object({ name: z.string() }),
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`,
  );
  const sums: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows(
      db,
      z.object({ rows: z.string(), digest: z.string().nullable() }),
      sql.raw(
        `SELECT count(*)::text AS rows, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${name}" t`,
      ),
    );
    sums[name] = `${row?.rows}:${row?.digest ?? '-'}`;
  }
  return sums;
}

describe.runIf(process.env.DATABASE_URL)('upside backup / restore on PostgreSQL', () => {
  // The database alone, without the app and emulators no step reads (decision 235). In a hook: the
  // first file of the run that asks builds the connected template (minutes under load).
  let copy: TestDatabase;
  beforeAll(async () => {
    ({ database: copy } = await createConnectedDemoDatabase(7));
  }, 600_000);

  it('restores every row of a synced and analysed demo store (a copy of the connected demo)', async () => {
    const url = copy.url as string;
    const { db } = copy.database;
    try {
      const before = await tableChecksums(db);
      expect(Number(before.wh_orders?.split(':')[0])).toBeGreaterThan(1000);

      const file = join(scratch, 'upside.dump');
      const backup = await upside(['backup', '--out', file], { DATABASE_URL: url });
      expect(backup.stdout).toContain('Backed up the PostgreSQL database');

      // Damage the database the way an accident would: rows deleted, a table gone.
      await db.execute(
        sql`DELETE FROM wh_orders WHERE order_date < (SELECT max(order_date) FROM wh_orders) - 30`,
      );
      await db.execute(sql`DROP TABLE experiments`);
      expect(await tableChecksums(db)).not.toEqual(before);

      await expect(upside(['restore', '--from', file], { DATABASE_URL: url })).rejects.toThrow(/--yes/);
      const restore = await upside(['restore', '--from', file, '--yes'], { DATABASE_URL: url });
      expect(restore.stdout).toContain('Restored');
      expect(await tableChecksums(db)).toEqual(before);
    } finally {
      await copy.drop();
    }
  }, 300_000);
});

describe('upside backup / restore on the embedded database', () => {
  const dataDir = join(scratch, 'data');
  // A copy of the run's migrated data directory (decision 182): the round trip is tested, not
  // migrating. In a hook: the first file of the run that asks builds it (a minute or more under load).
  beforeAll(() => placeMigratedDataDir(dataDir), 600_000);

  it('restores the data directory from its archive and keeps the replaced one', async () => {
    let database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    await createUsers(database.db, [
      { subject: '1', email: 'one@example.com', firstName: 'One' },
      { subject: '2', email: 'two@example.com', firstName: 'Two' },
    ]);
    const before = await tableChecksums(database.db);
    await database.close();

    const file = join(scratch, 'upside.pglite.tar.gz');
    const backup = await upside(['backup', '--out', file], { DATA_DIR: dataDir });
    expect(backup.stdout).toContain('embedded (PGlite)');

    database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    await database.db.execute(sql`DELETE FROM users WHERE email = 'two@example.com'`);
    expect(await tableChecksums(database.db)).not.toEqual(before);
    await database.close();

    const restore = await upside(['restore', '--from', file, '--yes'], { DATA_DIR: dataDir });
    expect(restore.stdout).toMatch(/previous data directory is kept at .*before-restore/);

    database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      expect(await tableChecksums(database.db)).toEqual(before);
    } finally {
      await database.close();
    }
  }, 300_000);

  it('refuses a missing backup file with one line and exit code 2', async () => {
    const failure = await upside(['restore', '--from', join(scratch, 'nope.dump'), '--yes'], {
      DATA_DIR: join(scratch, 'empty'),
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toContain('no backup file at');
  });
});
