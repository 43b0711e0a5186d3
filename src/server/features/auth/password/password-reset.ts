import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { maskEmail } from '../../../../shared/masking.ts';
import { queryRows, timestampColumn } from '../../../db/query-rows.ts';
import { AppError } from '../../../errors.ts';
import type { AppDeps } from '../../../http/deps.ts';
import { mailTransporter } from '../../../platform/mail/mail-transport.ts';
import { inTransaction } from '../../../platform/session/members-store.ts';
import { findPasswordAccount } from './password-account.ts';
import { hashPassword } from './password-hash.ts';
import { accountKey } from './password-identity.ts';
import { checkNewPassword } from './password-policy.ts';
import { renderResetMail } from './render-reset-mail.ts';
import { clearSignInFailures } from './sign-in-lockout.ts';

/** Reset links last one hour and work once (issue #38). */
const RESET_TTL_MS = 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const UNUSABLE = 'This link has expired or was already used. Ask for a new one from the sign-in page.';

/**
 * POST /api/auth/password/reset: when a password account has this address, stores a single-use
 * token (its SHA-256 only) and mails the link through the app's SMTP transport (the one alerts
 * use). The mail is sent straight away and not recorded as a delivery: the link must not rest
 * in the database in clear. The caller answers 202 whatever happened, before the mail goes, so
 * neither the answer nor its timing tells whether the account exists.
 */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<void> {
  const account = await findPasswordAccount(deps.db, email);
  if (!account?.email) return;
  const now = deps.clock();
  const token = randomBytes(32).toString('base64url');
  await deps.db.execute(
    sql`INSERT INTO password_tokens (token_hash, user_id, purpose, created_at, expires_at)
        VALUES (${hashToken(token)}, ${account.id}, 'reset', ${now.toISOString()},
          ${new Date(now.getTime() + RESET_TTL_MS).toISOString()})`,
  );
  const mail = renderResetMail(`${deps.publicUrl()}/reset-password/${token}`);
  const to = account.email;
  void mailTransporter(deps)
    .then((transporter) => transporter.sendMail({ from: deps.env.mail.from, to, ...mail }))
    .catch((error: unknown) => {
      deps.log.warn({ err: error, userId: account.id }, 'password reset e-mail not sent');
    });
}

const TokenRow = z.object({
  user_id: z.string(),
  email: z.string().nullable(),
  expires_at: timestampColumn,
  used_at: timestampColumn.nullable(),
});

async function usableToken(deps: AppDeps, token: string) {
  const [row] = await queryRows(
    deps.db,
    TokenRow,
    sql`SELECT t.user_id, u.email, t.expires_at, t.used_at FROM password_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = ${hashToken(token)} AND t.purpose = 'reset'`,
  );
  if (!row || row.used_at !== null || new Date(row.expires_at) <= deps.clock())
    throw new AppError(410, 'link_unusable', UNUSABLE);
  return row;
}

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
    const used = await queryRows(
      tx,
      z.object({ user_id: z.string() }),
      sql`UPDATE password_tokens SET used_at = ${now.toISOString()}
          WHERE token_hash = ${hashToken(token)} AND used_at IS NULL AND expires_at > ${now.toISOString()}
          RETURNING user_id`,
    );
    if (used.length === 0) throw new AppError(410, 'link_unusable', UNUSABLE);
    await tx.execute(
      sql`UPDATE users SET password_hash = ${passwordHash}, email_verified_at = coalesce(email_verified_at, ${now.toISOString()}),
            updated_at = ${now.toISOString()}
          WHERE id = ${row.user_id}`,
    );
    await tx.execute(sql`DELETE FROM sessions WHERE user_id = ${row.user_id}`);
    await clearSignInFailures(tx, accountKey(row.email ?? ''));
  });
}
