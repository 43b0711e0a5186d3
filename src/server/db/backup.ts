import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { DatabaseTarget } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';

/**
 * Whole-database backups. PostgreSQL: `pg_dump --format=custom` and `pg_restore --clean` (the
 * server's own tools, so partitions, sequences and indexes come back exactly); PGlite: the data
 * directory as a gzipped tarball through PGlite's own `dumpDataDir` / `loadDataDir`. A backup
 * holds credentials only in their encrypted form: keep ENCRYPTION_KEY (or DATA_DIR/encryption.key)
 * with it, or the restored credentials cannot be read.
 */
export interface BackupResult {
  kind: DatabaseTarget['kind'];
  file: string;
  bytes: number;
}

/** Writes a backup of the database to `file`. On PGlite the app must not be running (it is refused). */
export async function backupDatabase(target: DatabaseTarget, file: string): Promise<BackupResult> {
  if (target.kind === 'postgres') {
    await runTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${file}`,
      target.url,
    ]);
  } else {
    if (!target.dataDir) throw new Error('an in-memory PGlite database has nothing to back up');
    if (!existsSync(target.dataDir)) throw new Error(`no database at ${target.dataDir}`);
    // Refused while the app has the directory open (decision 087): its archive would be torn.
    const release = lockDataDir(target.dataDir);
    const client = new PGlite(target.dataDir);
    try {
      await client.waitReady;
      const archive = await client.dumpDataDir('gzip');
      await writeFile(file, Buffer.from(await archive.arrayBuffer()), { mode: 0o600 });
    } finally {
      await client.close();
      release();
    }
  }
  const { size } = await stat(file);
  return { kind: target.kind, file, bytes: size };
}

/**
 * Replaces the database's contents with a backup. PostgreSQL: every object in the backup is
 * dropped and recreated in one transaction, so a failed restore leaves the database as it was.
 * PGlite: the current data directory is kept beside it (`<dir>.before-restore-<time>`) and a new
 * one is loaded from the archive. The app must be stopped first.
 */
export async function restoreDatabase(
  target: DatabaseTarget,
  file: string,
  now: Date,
): Promise<{ kind: DatabaseTarget['kind']; keptPrevious?: string }> {
  if (!existsSync(file)) throw new Error(`no backup file at ${file}`);
  if (target.kind === 'postgres') {
    await runTool('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${target.url}`,
      file,
    ]);
    return { kind: 'postgres' };
  }
  if (!target.dataDir) throw new Error('cannot restore into an in-memory PGlite database');
  const archive = new Blob([await readFile(file)]);
  // Refused while the app has the directory open (decision 087).
  const release = lockDataDir(target.dataDir);
  try {
    return await restoreDataDir(target.dataDir, archive, now);
  } finally {
    release();
  }
}

/** Moves `dataDir` aside and loads the archive in its place; puts it back if the load fails. */
async function restoreDataDir(
  dataDir: string,
  archive: Blob,
  now: Date,
): Promise<{ kind: 'pglite'; keptPrevious?: string }> {
  let keptPrevious: string | undefined;
  if (existsSync(dataDir)) {
    keptPrevious = `${dataDir}.before-restore-${now.toISOString().replaceAll(/[:.]/g, '-')}`;
    await rename(dataDir, keptPrevious);
  }
  try {
    const client = new PGlite(dataDir, { loadDataDir: archive });
    await client.waitReady;
    await client.query('SELECT 1');
    await client.close();
  } catch (error) {
    if (keptPrevious) {
      await rm(dataDir, { recursive: true, force: true });
      await rename(keptPrevious, dataDir);
    }
    throw error;
  }
  return { kind: 'pglite', keptPrevious };
}

/** Runs a PostgreSQL client tool; its stderr becomes the error message (URLs' passwords masked). */
function runTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', (error) =>
      reject(
        new Error(`${tool} could not be started (${error.message}); install the PostgreSQL client tools`),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (exit ${code}): ${maskPasswords(stderr.trim()).slice(0, 2000)}`));
    });
  });
}

function maskPasswords(text: string): string {
  return text.replaceAll(/(postgres(?:ql)?:\/\/[^:/@\s]+:)[^@\s]+@/g, '$1***@');
}
