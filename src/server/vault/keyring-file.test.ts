import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generateVaultKeyBase64, parseVaultKey } from './cipher.ts';
import { KEY_FILE, loadKeyring, NEXT_KEY_FILE, promoteNextKeyFile } from './keyring-file.ts';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'upside-vault-'));
  dirs.push(dir);
  return dir;
}

describe('keyring file', () => {
  it('generates a 0600 key file once and reuses it', async () => {
    const dir = await tempDir();
    const first = await loadKeyring({ dataDir: dir });
    const mode = (await stat(join(dir, KEY_FILE))).mode & 0o777;
    expect(mode).toBe(0o600);
    const second = await loadKeyring({ dataDir: dir });
    expect(second.current.id).toBe(first.current.id);
  });

  it('prefers ENCRYPTION_KEY and keeps previous keys for decryption', async () => {
    const dir = await tempDir();
    const key = generateVaultKeyBase64();
    const old = generateVaultKeyBase64();
    const ring = await loadKeyring({ dataDir: dir, encryptionKey: key, previousKeys: [old] });
    expect(ring.current.id).toBe(parseVaultKey(key).id);
    expect(ring.byId.has(parseVaultKey(old).id)).toBe(true);
  });

  it('promotes the next key after a rotation and keeps the old one readable', async () => {
    const dir = await tempDir();
    const before = await loadKeyring({ dataDir: dir });
    const next = generateVaultKeyBase64();
    await writeFile(join(dir, NEXT_KEY_FILE), next, { mode: 0o600 });
    await promoteNextKeyFile(dir);
    const after = await loadKeyring({ dataDir: dir });
    expect(after.current.id).toBe(parseVaultKey(next).id);
    expect(after.byId.has(before.current.id)).toBe(true);
    expect((await readFile(join(dir, KEY_FILE), 'utf8')).trim()).toBe(next);
  });
});
