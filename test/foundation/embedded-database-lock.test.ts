import { execFile } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsideCommand } from '../support/compiled-app.ts';
import { placeMigratedDataDir } from '../support/embedded-data-dir.ts';
import { freePort } from '../support/free-port.ts';
import { startUpsideProcess, stopProcess, type UpsideProcess } from '../support/upside-process.ts';

/**
 * Decision 087: the embedded database (PGlite, `npm start` with no DATABASE_URL) is open in one
 * process at a time. Real `upside` processes on one DATA_DIR: a second `start`, a `backup` and a
 * `restore` are refused with a sentence naming the running process while it runs; a start that
 * finds its port taken says so and leaves no lock behind; after a graceful stop and after
 * `kill -9` the directory can be opened again at once. Each data directory starts as a copy of the
 * run's migrated one (decision 182): what is tested is the lock, not migrating.
 */

const run = promisify(execFile);
const scratch = await mkdtemp(join(tmpdir(), 'upside-lock-'));
const { DATABASE_URL: _ignored, ...withoutDatabaseUrl } = process.env;
/** An owner's production start without the demo (quicker), logging where it listens. */
const OWNER_ENV = { NODE_ENV: 'development', DEMO: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' };

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** `upside <args>` run to its end; resolves with the exit code and what it printed. */
async function upside(args: string[], env: Record<string, string>) {
  try {
    const command = await upsideCommand(args, { embeddedDatabase: true });
    const { stdout, stderr } = await run(process.execPath, command, {
      env: { ...withoutDatabaseUrl, ...OWNER_ENV, ...env },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * The app's data directory (a copy of the run's migrated one), which the tests below open in turn,
 * and the other directory of a start refused for its port.
 */
const dataDir = join(scratch, 'app');
const other = join(scratch, 'other');

// Placed before the tests: the first file of the run that asks builds the migrated data directory
// (a minute or more under load), which belongs in a hook's time, not in a test's.
beforeAll(async () => {
  for (const dir of [dataDir, other]) await placeMigratedDataDir(dir);
}, 600_000);

const startOn = async (dir: string): Promise<UpsideProcess> =>
  startUpsideProcess({
    ...OWNER_ENV,
    DATABASE_URL: undefined,
    DATA_DIR: dir,
    PORT: String(await freePort()),
  });

/**
 * One directory through a process's life (decision 221): the first test's process is the one
 * killed with -9, and the second test starts on the lock it left, then stops gracefully, so the
 * file starts the app three times (once more is refused for its port) instead of four.
 */
describe('one process at a time on the embedded database', () => {
  it('refuses a second start, a backup and a restore while the app runs, and names it; a start on a taken port says so and leaves no lock behind', async () => {
    const first = await startOn(dataDir);
    try {
      const pid = first.process.pid!;
      const inUse = `is in use by another Upside process (pid ${pid})`;

      const second = await upside(['start'], { DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(inUse);

      // backup and restore answer their refusals with exit code 2, as their other errors.
      const backup = await upside(['backup', '--out', join(scratch, 'live.tar.gz')], { DATA_DIR: dataDir });
      expect(backup.code).toBe(2);
      expect(backup.stderr).toContain(inUse);
      expect(existsSync(join(scratch, 'live.tar.gz'))).toBe(false);
      writeFileSync(join(scratch, 'earlier.tar.gz'), 'not read: the lock refuses first');
      const restore = await upside(['restore', '--from', join(scratch, 'earlier.tar.gz'), '--yes'], {
        DATA_DIR: dataDir,
      });
      expect(restore.code).toBe(2);
      expect(restore.stderr).toContain(inUse);
      expect(readdirSync(dataDir).filter((name) => name.includes('before-restore'))).toEqual([]);

      // Another directory on the running app's port: refused for the port, with no lock left.
      const port = new URL(first.url).port;
      const taken = await upside(['start'], { DATA_DIR: other, PORT: port });
      expect(taken.code).toBe(1);
      expect(taken.stderr).toContain(`Port ${port}`);
      expect(taken.stderr).toContain('already in use');
      expect(existsSync(`${join(other, 'pglite')}.lock`)).toBe(false);

      // The running app was not disturbed.
      expect((await fetch(`${first.url}/api/openapi.json`)).status).toBe(200);
    } finally {
      await stopProcess(first.process, 'SIGKILL');
    }
    // The dead process's lock is still there (the next test takes it over).
    expect(existsSync(`${join(dataDir, 'pglite')}.lock`)).toBe(true);
  }, 300_000);

  it('opens the directory at once after kill -9; after a graceful stop a backup and a restore run', async () => {
    const again = await startOn(dataDir);
    try {
      expect((await fetch(`${again.url}/api/openapi.json`)).status).toBe(200);
    } finally {
      await stopProcess(again.process);
    }
    // A graceful stop releases the directory: the backup runs now.
    expect(existsSync(`${join(dataDir, 'pglite')}.lock`)).toBe(false);
    const backup = await upside(['backup', '--out', join(scratch, 'stopped.tar.gz')], { DATA_DIR: dataDir });
    expect(backup.code, backup.stderr).toBe(0);
    const restore = await upside(['restore', '--from', join(scratch, 'stopped.tar.gz'), '--yes'], {
      DATA_DIR: dataDir,
    });
    expect(restore.code, restore.stderr).toBe(0);
  }, 300_000);
});
