import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for stored credentials (design §7). Each record gets a fresh random 12-byte IV,
 * and the workspace id + provider are bound as associated data, so a ciphertext copied to
 * another workspace or provider row fails authentication instead of decrypting.
 */

export const VAULT_ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** One 32-byte key with a stable id derived from it (the id is stored next to each record). */
export interface VaultKey {
  id: string;
  key: Buffer;
}

/** The key used for new records plus every key still able to decrypt older ones (by id). */
export interface VaultKeyring {
  current: VaultKey;
  byId: ReadonlyMap<string, VaultKey>;
}

/** Where a secret belongs; bound into the GCM tag as associated data. */
export interface SecretContext {
  workspaceId: string;
  provider: string;
}

/** What gets stored: everything base64 except the key id. Never contains the plaintext. */
export interface EncryptedSecret {
  keyId: string;
  iv: string;
  authTag: string;
  ciphertext: string;
}

/** The record could not be decrypted: wrong key, wrong workspace/provider, or tampered bytes. */
export class VaultDecryptError extends Error {
  override name = 'VaultDecryptError';
}

/** Key id = "k" + first 12 hex chars of SHA-256(key) (same as secrets.ts keyIdOf): names the key
 * without revealing it. */
export function deriveKeyId(key: Buffer): string {
  return `k${createHash('sha256').update(key).digest('hex').slice(0, 12)}`;
}

/** Parses a base64 32-byte key (the `ENCRYPTION_KEY` format). */
export function parseVaultKey(base64: string): VaultKey {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== 32) {
    throw new Error(`encryption key must be 32 bytes encoded as base64 (got ${key.length} bytes)`);
  }
  return { id: deriveKeyId(key), key };
}

/** A fresh random key, base64 encoded. */
export function generateVaultKeyBase64(): string {
  return randomBytes(32).toString('base64');
}

/** Builds a keyring: `current` encrypts, all of them (current included) decrypt. */
export function createKeyring(current: VaultKey, previous: VaultKey[] = []): VaultKeyring {
  const byId = new Map<string, VaultKey>();
  for (const key of previous) byId.set(key.id, key);
  byId.set(current.id, current);
  return { current, byId };
}

function associatedData(context: SecretContext): Buffer {
  return Buffer.from(`upside-vault:v1:${context.workspaceId}:${context.provider}`, 'utf8');
}

/** Encrypts one secret (a string, usually JSON) under the keyring's current key. */
export function encryptSecret(
  keyring: VaultKeyring,
  plaintext: string,
  context: SecretContext,
): EncryptedSecret {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(VAULT_ALGORITHM, keyring.current.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    keyId: keyring.current.id,
    iv: iv.toString('base64'),
    authTag: cipher.getAuthTag().toString('base64'),
    ciphertext: ciphertext.toString('base64'),
  };
}

/** Decrypts a record; throws VaultDecryptError when the key is unknown or authentication fails. */
export function decryptSecret(
  keyring: VaultKeyring,
  record: EncryptedSecret,
  context: SecretContext,
): string {
  const key = keyring.byId.get(record.keyId);
  if (!key) throw new VaultDecryptError(`no encryption key with id ${record.keyId} is configured`);
  try {
    const decipher = createDecipheriv(VAULT_ALGORITHM, key.key, Buffer.from(record.iv, 'base64'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(associatedData(context));
    decipher.setAuthTag(Buffer.from(record.authTag, 'base64'));
    return Buffer.concat([
      decipher.update(Buffer.from(record.ciphertext, 'base64')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new VaultDecryptError('credential record failed authentication (wrong key, workspace or provider)');
  }
}
