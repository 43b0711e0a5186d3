import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  createKeyring,
  generateVaultKeyBase64,
  parseVaultKey,
  type VaultKey,
  type VaultKeyring,
} from './cipher.ts';

/**
 * Where the vault key comes from. Production passes `ENCRYPTION_KEY` (base64, 32 bytes); in
 * development the key lives in `<dataDir>/encryption.key` (mode 0600), generated on first use.
 * `encryption.key.next` / `encryption.key.previous` exist around a rotation so that a crash in
 * the middle never leaves records under a key nobody has.
 */
export interface KeyringSource {
  /** base64 key from the environment; wins over the file. */
  encryptionKey?: string | undefined;
  /** extra decrypt-only keys from the environment (base64), e.g. the key before a rotation. */
  previousKeys?: string[] | undefined;
  /** development data folder (`.upside`). */
  dataDir: string;
}

export const KEY_FILE = 'encryption.key';
export const NEXT_KEY_FILE = 'encryption.key.next';
export const PREVIOUS_KEY_FILE = 'encryption.key.previous';

async function readKeyFile(path: string): Promise<VaultKey | undefined> {
  try {
    return parseVaultKey(await readFile(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Writes a key file with mode 0600 atomically (temp file + rename). */
export async function writeKeyFile(path: string, base64: string): Promise<void> {
  const temp = `${path}.tmp-${process.pid}`;
  await writeFile(temp, `${base64}\n`, { mode: 0o600 });
  await chmod(temp, 0o600);
  await rename(temp, path);
}

/** Loads (or, in development, creates) the keyring. */
export async function loadKeyring(source: KeyringSource): Promise<VaultKeyring> {
  const previous = (source.previousKeys ?? []).filter((k) => k.trim() !== '').map(parseVaultKey);
  if (source.encryptionKey) return createKeyring(parseVaultKey(source.encryptionKey), previous);

  await mkdir(source.dataDir, { recursive: true });
  const keyPath = join(source.dataDir, KEY_FILE);
  let current = await readKeyFile(keyPath);
  if (!current) {
    const fresh = generateVaultKeyBase64();
    await writeFileExclusive(keyPath, fresh);
    current = await readKeyFile(keyPath);
    if (!current) throw new Error(`could not create ${keyPath}`);
  }
  for (const extra of [NEXT_KEY_FILE, PREVIOUS_KEY_FILE]) {
    const key = await readKeyFile(join(source.dataDir, extra));
    if (key) previous.push(key);
  }
  return createKeyring(current, previous);
}

/** Creates the key file only if absent, so two processes starting at once agree on one key. */
async function writeFileExclusive(path: string, base64: string): Promise<void> {
  try {
    await writeFile(path, `${base64}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** After a successful rotation in development: next → current, current → previous. */
export async function promoteNextKeyFile(dataDir: string): Promise<void> {
  const keyPath = join(dataDir, KEY_FILE);
  const nextPath = join(dataDir, NEXT_KEY_FILE);
  const previousPath = join(dataDir, PREVIOUS_KEY_FILE);
  await rm(previousPath, { force: true });
  await rename(keyPath, previousPath);
  await rename(nextPath, keyPath);
}
