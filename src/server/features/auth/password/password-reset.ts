import { sql } from 'drizzle-orm';
import { maskEmail } from '../../../../shared/masking.ts';
import type { AppDeps } from '../../../http/deps.ts';
import { endAllSessions } from '../../../platform/session/manage-sessions.ts';
import { inTransaction } from '../../../platform/session/members-store.ts';
import { mailSingleUseLink, usableLink, useUpLink } from './mailed-link.ts';
import { findPasswordAccount } from './password-account.ts';
import { hashPassword } from './password-hash.ts';
import { accountKey } from './password-identity.ts';
import { checkNewPassword } from './password-policy.ts';
import { renderResetMail } from './render-link-mail.ts';
import { clearSignInFailures } from './sign-in-lockout.ts';

const UNUSABLE = 'This link has expired or was already used. Ask for a new one from the sign-in page.';

/**
 * POST /api/auth/password/reset: when a password account has this address, mails it a single-use
 * link (mailed-link.ts). The caller answers 202 whatever happened, before the mail goes, so
 * neither the answer nor its timing tells whether the account exists.
 */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<void> {
  const account = await findPasswordAccount(deps.db, email);
  if (!account?.email) return;
  await mailSingleUseLink(deps, {
    userId: account.id,
    to: account.email,
    purpose: 'reset',
    path: '/reset-password',
    render: renderResetMail,
  });
}

const usableToken = (deps: AppDeps, token: string) => usableLink(deps, token, 'reset', UNUSABLE);

/** GET /api/auth/password/reset/:token: whose link it is (masked), or 410 when it cannot be used. */
export async function previewPasswordReset(deps: AppDeps, token: string): Promise<{ email: string }> {
  const row = await usableToken(deps, token);
  return { email: maskEmail(row.email ?? '') };
}

/**
 * POST /api/auth/password/reset/:token: sets the new password and uses the link up (410 when it was
 * used or is over an hour old); the mail reached the address, so it counts as verified. Every
 * session of the account ends and its lockout is lifted.
 */
export async function finishPasswordReset(deps: AppDeps, token: string, password: string): Promise<void> {
  const row = await usableToken(deps, token);
  checkNewPassword(password, row.email ?? '');
  const passwordHash = await hashPassword(password);
  const now = deps.clock();
  await inTransaction(deps.db, async (tx) => {
    await useUpLink(tx, token, now, UNUSABLE);
    await tx.execute(
      sql`UPDATE users SET password_hash = ${passwordHash}, email_verified_at = coalesce(email_verified_at, ${now.toISOString()}),
            updated_at = ${now.toISOString()}
          WHERE id = ${row.user_id}`,
    );
    await endAllSessions(tx, row.user_id);
    await clearSignInFailures(tx, accountKey(row.email ?? ''));
  });
}
