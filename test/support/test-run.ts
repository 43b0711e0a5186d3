import { open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';

/**
 * What the global setup (test/support/global-setup.ts) hands every test file of one `vitest run`
 * (decision 092): a folder where the run's templates are recorded, the prefix of the template
 * databases it drops at teardown, and the run's fixed test keyring, so that credentials encrypted
 * into a template decrypt, and a demo GA4 key stored in one opens the emulator, in every clone.
 */
export interface TestRun {
  id: string;
  /** Where templates are recorded (`<key>.json`) and built under a lock (`<key>.lock`). */
  dir: string;
  /** PostgreSQL template databases are named `${databasePrefix}<key>`. */
  databasePrefix: string;
  keyring: { sessionSecret: string; encryptionKey: string };
  ga4Keys: { privateKeyPem: string; publicKeyPem: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    upsideTestRun: TestRun;
  }
}

/** The run's shared context, or undefined outside vitest (e.g. the upgrade fixture's script). */
export function currentTestRun(): TestRun | undefined {
  if (!process.env.VITEST) return undefined;
  try {
    return inject('upsideTestRun');
  } catch {
    return undefined;
  }
}

/** The app's env overrides that make its secrets the run's fixed test keyring. */
export function keyringEnv(run: TestRun): Record<string, string> {
  return { SESSION_SECRET: run.keyring.sessionSecret, ENCRYPTION_KEY: run.keyring.encryptionKey };
}

const LOCK_WAIT_MS = 600_000;

/**
 * The record of the template `key` of this run, built by `build` in whichever test process asks
 * first while the others wait (a lock file in the run's folder: test files run in separate
 * processes). A failed build leaves no record, so the next file tries again.
 */
export async function templateOnce<T>(run: TestRun, key: string, build: () => Promise<T>): Promise<T> {
  const recordPath = join(run.dir, `${key}.json`);
  const lockPath = join(run.dir, `${key}.lock`);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    const recorded = await readRecord<T>(recordPath);
    if (recorded !== undefined) return recorded;
    const lock = await open(lockPath, 'wx').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return undefined;
      throw error;
    });
    if (lock) {
      try {
        const again = await readRecord<T>(recordPath);
        if (again !== undefined) return again;
        const built = await build();
        // Written whole, then renamed: a waiting process never reads half a record.
        await writeFile(`${recordPath}.tmp`, JSON.stringify(built));
        await rename(`${recordPath}.tmp`, recordPath);
        return built;
      } finally {
        await lock.close();
        await rm(lockPath, { force: true });
      }
    }
    if (Date.now() > deadline) throw new Error(`template ${key} was not built within ${LOCK_WAIT_MS} ms`);
    await sleep(250);
  }
}

async function readRecord<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
