import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { AppError } from '../../../errors.ts';
import type { AppDeps } from '../../../http/deps.ts';
import type { SessionTarget } from '../../../platform/session/manage-sessions.ts';
import { inTransaction } from '../../../platform/session/members-store.ts';
import { signInUser } from '../sign-in-user.ts';
import { hashPassword, needsRehash, verifyAgainstDecoy, verifyPassword } from './password-hash.ts';
import { accountKey, PASSWORD_ISSUER, passwordIdentity } from './password-identity.ts';
import { checkNewPassword } from './password-policy.ts';
import { assertNotLocked, clearSignInFailures, recordSignInFailure } from './sign-in-lockout.ts';
import { checkSecondFactor } from './two-factor.ts';

/**
 * POST /api/auth/setup: the first person of a fresh install becomes the owner — a password account
 * with a workspace and first store of its own, as a first OIDC sign-in makes. Once anyone has an
 * account, 409: the table lock makes two simultaneous setups one success and one 409.
 */
export async function createOwner(
  deps: AppDeps,
  body: { email: string; password: string; name: string },
): Promise<SessionTarget> {
  checkNewPassword(body.password, body.email);
  const passwordHash = await hashPassword(body.password);
  const now = deps.clock();
  return inTransaction(deps.db, async (tx) => {
    await tx.execute(sql`LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE`);
    const [existing] = await queryRows(tx, z.object({ id: z.string() }), sql`SELECT id FROM users LIMIT 1`);
    if (existing)
      throw new AppError(409, 'owner_exists', 'This Upside already has an owner. Sign in instead.');
    const target = await signInUser(tx, passwordIdentity(body.email, body.name), now);
    await tx.execute(sql`UPDATE users SET password_hash = ${passwordHash} WHERE id = ${target.userId}`);
    return target;
  });
}

const AccountRow = z.object({
  id: z.string(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  password_hash: z.string().nullable(),
  totp_secret: z.unknown(),
  totp_enabled: z.boolean(),
});

export async function findPasswordAccount(db: Db, email: string) {
  const [row] = await queryRows(
    db,
    AccountRow,
    sql`SELECT id, email, first_name, last_name, password_hash, totp_secret,
          totp_enabled_at IS NOT NULL AS totp_enabled
        FROM users WHERE issuer = ${PASSWORD_ISSUER} AND subject = ${accountKey(email)}`,
  );
  return row;
}

/**
 * POST /api/auth/password/login: checks the lockout first (a locked account costs no hashing), then
 * the password (an unknown address spends the same time on a decoy hash), then the second factor
 * when it is on. Every wrong password or code counts towards the lockout; a good sign-in clears it.
 */
export async function signInWithPassword(
  deps: AppDeps,
  input: { email: string; password: string; code?: string | undefined },
  ip: string,
): Promise<SessionTarget> {
  const who = { account: accountKey(input.email), ip };
  const now = deps.clock();
  await assertNotLocked(deps.db, who, now);
  const account = await findPasswordAccount(deps.db, input.email);
  const matches = account?.password_hash
    ? await verifyPassword(account.password_hash, input.password)
    : await verifyAgainstDecoy(input.password).then(() => false);
  if (!account?.password_hash || !matches) {
    await recordSignInFailure(deps.db, who, now);
    throw new AppError(401, 'wrong_password', 'Wrong e-mail address or password.');
  }
  if (account.totp_enabled) {
    if (!input.code)
      throw new AppError(
        401,
        'two_factor_required',
        'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
      );
    const secondOk = await checkSecondFactor(
      deps.db,
      deps.integration.keyring,
      { id: account.id, totpSecret: account.totp_secret },
      input.code,
      now,
    );
    if (!secondOk) {
      await recordSignInFailure(deps.db, who, now);
      throw new AppError(
        401,
        'wrong_two_factor_code',
        'code: that code is not right; enter the current one.',
      );
    }
  }
  await clearSignInFailures(deps.db, who.account);
  if (needsRehash(account.password_hash)) {
    const upgraded = await hashPassword(input.password);
    await deps.db.execute(sql`UPDATE users SET password_hash = ${upgraded} WHERE id = ${account.id}`);
  }
  return signInUser(
    deps.db,
    {
      issuer: PASSWORD_ISSUER,
      subject: who.account,
      email: account.email,
      firstName: account.first_name,
      lastName: account.last_name,
      profileImageUrl: null,
    },
    now,
  );
}
