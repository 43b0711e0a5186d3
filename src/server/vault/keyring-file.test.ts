import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generateVaultKeyBase64, parseVaultKey } from './cipher.ts';
import { buildKeyring, KEY_FILE, NEXT_KEY_FILE, promoteNextKeyFile, writeKeyFile } from './keyring-file.ts';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'upside-vault-'));
  dirs.push(dir);
  return dir;
}

describe('keyring files', () => {
  it('writes key files with mode 0600', async () => {
    const dir = await tempDir();
    await writeKeyFile(join(dir, KEY_FILE), generateVaultKeyBase64());
    expect((await stat(join(dir, KEY_FILE))).mode & 0o777).toBe(0o600);
  });

  it('keeps previous keys for decryption', () => {
    const current = generateVaultKeyBase64();
    const old = generateVaultKeyBase64();
    const ring = buildKeyring({ current: Buffer.from(current, 'base64'), previousKeys: [old] });
    expect(ring.current.id).toBe(parseVaultKey(current).id);
    expect(ring.byId.has(parseVaultKey(old).id)).toBe(true);
  });

  it('promotes the next key after a rotation and keeps the old one readable', async () => {
    const dir = await tempDir();
    const before = generateVaultKeyBase64();
    await writeKeyFile(join(dir, KEY_FILE), before);
    const next = generateVaultKeyBase64();
    await writeFile(join(dir, NEXT_KEY_FILE), next, { mode: 0o600 });
    await promoteNextKeyFile(dir);
    expect((await readFile(join(dir, KEY_FILE), 'utf8')).trim()).toBe(next);
    const ring = buildKeyring({ current: Buffer.from(next, 'base64'), dataDir: dir });
    expect(ring.current.id).toBe(parseVaultKey(next).id);
    expect(ring.byId.has(parseVaultKey(before).id)).toBe(true);
  });
});
