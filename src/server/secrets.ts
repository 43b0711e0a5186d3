import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from './env.ts';

export interface Secrets {
  /** Signs cookies (the sign-in state cookie). */
  sessionSecret: string;
  /** 32-byte AES-256-GCM key for stored credentials (base64), with its id for rotation. */
  encryptionKey: Buffer;
  encryptionKeyId: string;
}

/**
 * Production takes SESSION_SECRET and ENCRYPTION_KEY from the environment (env.ts makes them
 * required there). Development generates them once into the data folder with mode 0600 so that a
 * restart can still read what it stored; `ephemeral` (tests) keeps them in memory only.
 */
export function resolveSecrets(env: Env, options: { ephemeral?: boolean } = {}): Secrets {
  const read = (file: string, make: () => string) => {
    if (options.ephemeral) return make();
    const path = join(env.dataDir, file);
    if (existsSync(path)) return readFileSync(path, 'utf8').trim();
    mkdirSync(env.dataDir, { recursive: true });
    const value = make();
    writeFileSync(path, `${value}\n`, { mode: 0o600 });
    return value;
  };
  const sessionSecret =
    env.sessionSecret ?? read('session.secret', () => randomBytes(32).toString('base64url'));
  const encryptionKey = Buffer.from(
    env.encryptionKey ?? read('encryption.key', () => randomBytes(32).toString('base64')),
    'base64',
  );
  return { sessionSecret, encryptionKey, encryptionKeyId: keyIdOf(encryptionKey) };
}

/** A short fingerprint naming a key (a hash, never key bytes), stored beside each ciphertext for rotation. */
export function keyIdOf(key: Buffer): string {
  return `k${createHash('sha256').update(key).digest('hex').slice(0, 12)}`;
}
