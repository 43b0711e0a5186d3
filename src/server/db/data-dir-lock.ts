import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** The embedded database is already open in another live process. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another Upside process (pid ${pid}). ` +
        'Stop that process first, or give this one its own DATA_DIR.',
    );
  }
}

/** Whether process `pid` is alive on this machine (EPERM: alive, owned by another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid in a lock file; null when the file is gone, 0 when it holds no number. */
function holderOf(path: string): number | null {
  try {
    return Number.parseInt(readFileSync(path, 'utf8'), 10) || 0;
  } catch {
    return null;
  }
}

/**
 * One process at a time on an embedded (PGlite) data directory. PGlite is PostgreSQL inside the
 * process's memory: a second process that opens the same directory keeps its own buffers and WAL
 * position, and the two overwrite each other's pages. So whoever opens it (the server, `upside
 * backup`, `upside restore`) first creates `<dir>.lock` holding its pid, atomically (`wx`), beside
 * the directory because PGlite's initdb wants the directory itself empty. A lock whose process is
 * gone (a crash, `kill -9`), or that names this very process (a restarted container reuses its
 * pid), is taken over at once. Returns the release, which removes the lock if
 * it is still ours. Decision 087.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = `${dataDir}.lock`;
  mkdirSync(dirname(path), { recursive: true });
  const release = () => {
    try {
      if (readFileSync(path, 'utf8') === String(process.pid)) unlinkSync(path);
    } catch {
      // Already gone: nothing to release.
    }
  };
  // A stale lock is removed once; after that the directory is ours or another process won it.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(path);
      if (holder === null) continue; // released meanwhile: try again
      // Our own pid in the file is a lock left by an earlier process that had the same pid (a
      // container restarted after a crash starts with the same small pid): stale, not ours to fear.
      const live = holder > 0 && holder !== process.pid && isAlive(holder);
      if (attempt > 0 || live) throw new DataDirInUseError(dataDir, holder);
      unlinkSync(path);
    }
  }
  throw new DataDirInUseError(dataDir, holderOf(path) ?? 0);
}
