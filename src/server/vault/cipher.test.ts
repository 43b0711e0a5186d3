import { describe, expect, it } from 'vitest';
import {
  createKeyring,
  decryptSecret,
  encryptSecret,
  generateVaultKeyBase64,
  parseVaultKey,
  VaultDecryptError,
} from './cipher.ts';

const keyring = createKeyring(parseVaultKey(generateVaultKeyBase64()));
const context = { workspaceId: 'ws-1', provider: 'shopify' };

describe('vault cipher', () => {
  it('round-trips and never stores the plaintext', () => {
    const secret = 'shpat_very-secret-token-123';
    const record = encryptSecret(keyring, secret, context);
    expect(JSON.stringify(record)).not.toContain(secret);
    expect(Buffer.from(record.iv, 'base64')).toHaveLength(12);
    expect(decryptSecret(keyring, record, context)).toBe(secret);
  });

  it('uses a fresh IV per record', () => {
    const a = encryptSecret(keyring, 'same', context);
    const b = encryptSecret(keyring, 'same', context);
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
  });

  it('fails for another workspace or provider (associated data)', () => {
    const record = encryptSecret(keyring, 'secret', context);
    expect(() => decryptSecret(keyring, record, { ...context, workspaceId: 'ws-2' })).toThrow(
      VaultDecryptError,
    );
    expect(() => decryptSecret(keyring, record, { ...context, provider: 'meta' })).toThrow(VaultDecryptError);
  });

  it('fails on tampering and on an unknown key id', () => {
    const record = encryptSecret(keyring, 'secret', context);
    const bytes = Buffer.from(record.ciphertext, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(() =>
      decryptSecret(keyring, { ...record, ciphertext: bytes.toString('base64') }, context),
    ).toThrow(VaultDecryptError);
    const other = createKeyring(parseVaultKey(generateVaultKeyBase64()));
    expect(() => decryptSecret(other, record, context)).toThrow(/no encryption key/);
  });

  it('decrypts old records with a previous key after rotation', () => {
    const record = encryptSecret(keyring, 'secret', context);
    const rotated = createKeyring(parseVaultKey(generateVaultKeyBase64()), [keyring.current]);
    expect(decryptSecret(rotated, record, context)).toBe('secret');
    expect(encryptSecret(rotated, 'x', context).keyId).toBe(rotated.current.id);
  });

  it('rejects keys that are not 32 bytes', () => {
    expect(() => parseVaultKey(Buffer.alloc(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
