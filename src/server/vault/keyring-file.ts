import { existsSync, readFileSync } from 'node:fs';
import { chmod, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createKeyring, parseVaultKey, type VaultKey, type VaultKeyring } from './cipher.ts';

/**
 * The vault keyring. The current key comes from the server's secrets (`ENCRYPTION_KEY`, or in
 * development `<dataDir>/encryption.key`, mode 0600, written by secrets.ts). Around a rotation
 * (`upside keys rotate`) the data folder may also hold `encryption.key.next` (written before the
 * records are re-encrypted) and `encryption.key.previous` (the retired key): both are loaded as
 * decrypt-only keys, so a crash at any point leaves every record readable.
 */

export const KEY_FILE = 'encryption.key';
export const NEXT_KEY_FILE = 'encryption.key.next';
export const PREVIOUS_KEY_FILE = 'encryption.key.previous';

export interface KeyringInput {
  current: Buffer;
  /** development data folder; omit to skip the rotation files (production with ENCRYPTION_KEY) */
  dataDir?: string | undefined;
  /** extra decrypt-only keys (base64) */
  previousKeys?: string[] | undefined;
}

function readKeyFileSync(path: string): VaultKey | undefined {
  if (!existsSync(path)) return undefined;
  return parseVaultKey(readFileSync(path, 'utf8'));
}

export function buildKeyring(input: KeyringInput): VaultKeyring {
  const current = parseVaultKey(input.current.toString('base64'));
  const previous = (input.previousKeys ?? []).filter((k) => k.trim() !== '').map(parseVaultKey);
  if (input.dataDir) {
    for (const file of [NEXT_KEY_FILE, PREVIOUS_KEY_FILE, KEY_FILE]) {
      const key = readKeyFileSync(join(input.dataDir, file));
      if (key) previous.push(key);
    }
  }
  return createKeyring(current, previous);
}

/** Writes a key file with mode 0600 atomically (temp file + rename). */
export async function writeKeyFile(path: string, base64: string): Promise<void> {
  const temp = `${path}.tmp-${process.pid}`;
  await writeFile(temp, `${base64}\n`, { mode: 0o600 });
  await chmod(temp, 0o600);
  await rename(temp, path);
}

/** After a successful rotation in development: current → previous, next → current. */
export async function promoteNextKeyFile(dataDir: string): Promise<void> {
  const keyPath = join(dataDir, KEY_FILE);
  const previousPath = join(dataDir, PREVIOUS_KEY_FILE);
  await rm(previousPath, { force: true });
  if (existsSync(keyPath)) await rename(keyPath, previousPath);
  await rename(join(dataDir, NEXT_KEY_FILE), keyPath);
}
