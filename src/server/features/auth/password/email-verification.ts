import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { EmailVerificationStatus } from '../../../../shared/contracts/auth.ts';
import { maskEmail } from '../../../../shared/masking.ts';
import { queryRows, timestampColumn } from '../../../db/query-rows.ts';
import { AppError } from '../../../errors.ts';
import type { AppDeps } from '../../../http/deps.ts';
import { inTransaction } from '../../../platform/session/members-store.ts';
import { mailSingleUseLink, usableLink, useUpLink } from './mailed-link.ts';
import { PASSWORD_ISSUER } from './password-identity.ts';
import { renderVerifyMail } from './render-link-mail.ts';

const UNUSABLE = 'This link has expired or was already used. Send a new one from your profile.';

const AccountRow = z.object({
  email: z.string().nullable(),
  email_verified_at: timestampColumn.nullable(),
  issuer: z.string(),
});

async function accountOf(deps: AppDeps, userId: string) {
  const [row] = await queryRows(
    deps.db,
    AccountRow,
    sql`SELECT email, email_verified_at, issuer FROM users WHERE id = ${userId}`,
  );
  if (!row) throw new AppError(404, 'not_found', 'No such account.');
  return row;
}

/**
 * GET /api/auth/email/verification: the caller's address and whether it is proven. An address
 * comes proven from an invitation link or a used reset link; the owner's, created before any mail
 * server may be configured, is proven here. OIDC accounts' addresses are their provider's word.
 */
export async function emailVerificationStatus(
  deps: AppDeps,
  userId: string,
): Promise<EmailVerificationStatus> {
  const account = await accountOf(deps, userId);
  return {
    email: account.email,
    verified: account.email_verified_at !== null,
    verifiedAt: account.email_verified_at === null ? null : new Date(account.email_verified_at).toISOString(),
    canVerify: account.issuer === PASSWORD_ISSUER && account.email !== null,
  };
}

/**
 * POST /api/auth/email/verification: mails the caller's password account a single-use link that
 * proves its address (409 when it is proven already or the account is not a password account).
 */
export async function requestEmailVerification(deps: AppDeps, userId: string): Promise<{ sentTo: string }> {
  const status = await emailVerificationStatus(deps, userId);
  if (!status.canVerify || status.email === null)
    throw new AppError(409, 'not_a_password_account', 'Your sign-in provider vouches for this address.');
  if (status.verified) throw new AppError(409, 'already_verified', 'This address is confirmed already.');
  await mailSingleUseLink(deps, {
    userId,
    to: status.email,
    purpose: 'verify',
    path: '/verify-email',
    render: renderVerifyMail,
  });
  return { sentTo: maskEmail(status.email) };
}

/** POST /api/auth/email/verification/:token: the link proves the address (410 when used or expired). */
export async function finishEmailVerification(deps: AppDeps, token: string): Promise<{ email: string }> {
  const row = await usableLink(deps, token, 'verify', UNUSABLE);
  const now = deps.clock();
  await inTransaction(deps.db, async (tx) => {
    await useUpLink(tx, token, now, UNUSABLE);
    await tx.execute(
      sql`UPDATE users SET email_verified_at = coalesce(email_verified_at, ${now.toISOString()}),
            updated_at = ${now.toISOString()}
          WHERE id = ${row.user_id}`,
    );
  });
  return { email: maskEmail(row.email ?? '') };
}
