import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { AppError } from '../../../errors.ts';
import { decryptSecret, encryptSecret, type VaultKey, type VaultKeyring } from '../../../vault/cipher.ts';
import { PASSWORD_ISSUER } from './password-identity.ts';

/**
 * Optional two-factor sign-in for password accounts (issue #38, decision 095): TOTP (RFC 6238:
 * SHA-1, 6 digits, 30 s, one step of clock drift either way) through `otpauth`, the secret
 * encrypted by the vault and bound to its user; ten single-use recovery codes, stored as SHA-256.
 */
const RECOVERY_CODES = 10;

const totpContext = (userId: string) => ({ workspaceId: userId, provider: 'totp' });
const EncryptedSchema = z.object({
  keyId: z.string(),
  iv: z.string(),
  authTag: z.string(),
  ciphertext: z.string(),
});
const hashCode = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

function totpOf(secretBase32: string, email: string): TOTP {
  return new TOTP({ issuer: 'Upside', label: email, secret: Secret.fromBase32(secretBase32) });
}

const TwoFactorRow = z.object({
  email: z.string().nullable(),
  issuer: z.string(),
  totp_secret: z.unknown(),
  totp_enabled: z.boolean(),
});

async function readTwoFactor(db: Db, userId: string) {
  const [row] = await queryRows(
    db,
    TwoFactorRow,
    sql`SELECT email, issuer, totp_secret, totp_enabled_at IS NOT NULL AS totp_enabled FROM users WHERE id = ${userId}`,
  );
  if (!row) throw new AppError(401, 'unauthorized', 'Your account no longer exists. Please sign in again.');
  return row;
}

function secretOf(keyring: VaultKeyring, userId: string, stored: unknown): string | null {
  const parsed = EncryptedSchema.safeParse(stored);
  return parsed.success ? decryptSecret(keyring, parsed.data, totpContext(userId)) : null;
}

/** Whether the caller can use two-factor sign-in (a password account) and whether it is on. */
export async function twoFactorStatus(db: Db, userId: string) {
  const row = await readTwoFactor(db, userId);
  return { available: row.issuer === PASSWORD_ISSUER, enabled: row.totp_enabled };
}

/** Starts (or restarts) setting up two-factor: a new secret, shown once as a key and an otpauth:// URI. */
export async function startTwoFactor(db: Db, keyring: VaultKeyring, userId: string) {
  const row = await readTwoFactor(db, userId);
  if (row.issuer !== PASSWORD_ISSUER)
    throw new AppError(
      400,
      'bad_request',
      'Two-factor sign-in is for password accounts; your identity provider handles yours.',
    );
  if (row.totp_enabled)
    throw new AppError(409, 'bad_request', 'Two-factor sign-in is already on. Turn it off first.');
  const secret = new Secret({ size: 20 }).base32;
  const encrypted = encryptSecret(keyring, secret, totpContext(userId));
  await db.execute(
    sql`UPDATE users SET totp_secret = ${JSON.stringify(encrypted)}::jsonb WHERE id = ${userId}`,
  );
  return { secret, uri: totpOf(secret, row.email ?? userId).toString() };
}

/** Turns two-factor on once the person proves a code of the new secret; answers the recovery codes. */
export async function enableTwoFactor(
  db: Db,
  keyring: VaultKeyring,
  userId: string,
  code: string,
  now: Date,
) {
  const row = await readTwoFactor(db, userId);
  const secret = row.totp_enabled ? null : secretOf(keyring, userId, row.totp_secret);
  if (!secret)
    throw new AppError(409, 'two_factor_not_started', 'Start setting up two-factor sign-in first.');
  if (totpOf(secret, '').validate({ token: code, timestamp: now.getTime(), window: 1 }) === null)
    throw new AppError(400, 'wrong_two_factor_code', 'code: that code is not right; enter the current one.');
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const raw = randomBytes(5).toString('hex');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE users SET totp_enabled_at = ${now.toISOString()} WHERE id = ${userId}`);
    await tx.execute(sql`DELETE FROM totp_recovery_codes WHERE user_id = ${userId}`);
    for (const recovery of codes)
      await tx.execute(
        sql`INSERT INTO totp_recovery_codes (user_id, code_hash) VALUES (${userId}, ${hashCode(recovery)})`,
      );
  });
  return { recoveryCodes: codes };
}

/**
 * True when `code` is the account's current TOTP code or one of its unused recovery codes (which
 * is then used up). The caller has checked the password.
 */
export async function checkSecondFactor(
  db: Db,
  keyring: VaultKeyring,
  user: { id: string; totpSecret: unknown },
  code: string,
  now: Date,
): Promise<boolean> {
  const secret = secretOf(keyring, user.id, user.totpSecret);
  if (secret && /^\d{6}$/.test(code.trim())) {
    return totpOf(secret, '').validate({ token: code.trim(), timestamp: now.getTime(), window: 1 }) !== null;
  }
  const used = await queryRows(
    db,
    z.object({ user_id: z.string() }),
    sql`UPDATE totp_recovery_codes SET used_at = ${now.toISOString()}
        WHERE user_id = ${user.id} AND code_hash = ${hashCode(code)} AND used_at IS NULL RETURNING user_id`,
  );
  return used.length > 0;
}

/** Turns two-factor off, after a current code or a recovery code. */
export async function disableTwoFactor(
  db: Db,
  keyring: VaultKeyring,
  userId: string,
  code: string,
  now: Date,
) {
  const row = await readTwoFactor(db, userId);
  if (!row.totp_enabled) throw new AppError(409, 'two_factor_not_started', 'Two-factor sign-in is not on.');
  if (!(await checkSecondFactor(db, keyring, { id: userId, totpSecret: row.totp_secret }, code, now)))
    throw new AppError(
      400,
      'wrong_two_factor_code',
      'code: that code is not right; enter the current one or a recovery code.',
    );
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE users SET totp_secret = NULL, totp_enabled_at = NULL WHERE id = ${userId}`);
    await tx.execute(sql`DELETE FROM totp_recovery_codes WHERE user_id = ${userId}`);
  });
}

/** Re-encrypts every TOTP secret under `newKey` (`upside keys rotate`, with the credentials). */
export async function reencryptTotpSecrets(tx: Db, keyring: VaultKeyring, newKey: VaultKey): Promise<number> {
  const target: VaultKeyring = { current: newKey, byId: new Map([[newKey.id, newKey]]) };
  const rows = await queryRows(
    tx,
    z.object({ id: z.string(), totp_secret: z.unknown() }),
    sql`SELECT id, totp_secret FROM users WHERE totp_secret IS NOT NULL FOR UPDATE`,
  );
  for (const row of rows) {
    const secret = secretOf(keyring, row.id, row.totp_secret);
    if (!secret) continue;
    const encrypted = encryptSecret(target, secret, totpContext(row.id));
    await tx.execute(
      sql`UPDATE users SET totp_secret = ${JSON.stringify(encrypted)}::jsonb WHERE id = ${row.id}`,
    );
  }
  return rows.length;
}
