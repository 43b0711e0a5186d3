import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';

const scratch = mkdtempSync(join(tmpdir(), 'upside-lock-unit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the embedded data directory lock', () => {
  it('takes over a lock that names this very pid (a restarted container reuses its pid)', () => {
    const dataDir = join(scratch, 'reused', 'pglite');
    const release = lockDataDir(dataDir);
    // The file as a crashed earlier process with the same pid left it.
    const release2 = lockDataDir(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    release2();
    release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('refuses a lock held by another live process, naming it', () => {
    const dataDir = join(scratch, 'held', 'pglite');
    lockDataDir(dataDir)();
    writeFileSync(`${dataDir}.lock`, String(process.ppid));
    expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dataDir)).toThrow(`pid ${process.ppid}`);
  });
});
