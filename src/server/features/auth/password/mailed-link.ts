import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows, timestampColumn } from '../../../db/query-rows.ts';
import { AppError } from '../../../errors.ts';
import type { AppDeps } from '../../../http/deps.ts';
import { mailTransporter } from '../../../platform/mail/mail-transport.ts';
import type { RenderedMail } from '../../../platform/mail/rendered-mail.ts';

/** Mailed links (password reset, address confirmation) last one hour and work once (issue #38). */
const LINK_TTL_MS = 60 * 60 * 1000;

export type LinkPurpose = 'reset' | 'verify';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Stores a single-use token for `userId` (its SHA-256 only) and mails `${publicUrl}${path}/<token>`
 * through the app's SMTP transport (the one alerts use). The mail is sent straight away and not
 * recorded as a delivery: the link must not rest in the database in clear. A mail that cannot be
 * sent is logged; the caller has already answered.
 */
export async function mailSingleUseLink(
  deps: AppDeps,
  link: {
    userId: string;
    to: string;
    purpose: LinkPurpose;
    path: string;
    render: (url: string) => RenderedMail;
  },
): Promise<void> {
  const now = deps.clock();
  const token = randomBytes(32).toString('base64url');
  await deps.db.execute(
    sql`INSERT INTO password_tokens (token_hash, user_id, purpose, created_at, expires_at)
        VALUES (${hashToken(token)}, ${link.userId}, ${link.purpose}, ${now.toISOString()},
          ${new Date(now.getTime() + LINK_TTL_MS).toISOString()})`,
  );
  const mail = link.render(`${deps.publicUrl()}${link.path}/${token}`);
  void mailTransporter(deps)
    .then((transporter) => transporter.sendMail({ from: deps.env.mail.from, to: link.to, ...mail }))
    .catch((error: unknown) => {
      deps.log.warn({ err: error, userId: link.userId, purpose: link.purpose }, 'mailed link not sent');
    });
}

const TokenRow = z.object({
  user_id: z.string(),
  email: z.string().nullable(),
  expires_at: timestampColumn,
  used_at: timestampColumn.nullable(),
});

/** The link's account, or 410 `link_unusable` (saying `unusable`) when it was used or is over an hour old. */
export async function usableLink(deps: AppDeps, token: string, purpose: LinkPurpose, unusable: string) {
  const [row] = await queryRows(
    deps.db,
    TokenRow,
    sql`SELECT t.user_id, u.email, t.expires_at, t.used_at FROM password_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = ${hashToken(token)} AND t.purpose = ${purpose}`,
  );
  if (!row || row.used_at !== null || new Date(row.expires_at) <= deps.clock())
    throw new AppError(410, 'link_unusable', unusable);
  return row;
}

/**
 * Uses the link up inside the caller's transaction; 410 when another request used it first or it
 * expired since it was read (the UPDATE decides, so a link works exactly once).
 */
export async function useUpLink(tx: Db, token: string, now: Date, unusable: string): Promise<void> {
  const used = await queryRows(
    tx,
    z.object({ user_id: z.string() }),
    sql`UPDATE password_tokens SET used_at = ${now.toISOString()}
        WHERE token_hash = ${hashToken(token)} AND used_at IS NULL AND expires_at > ${now.toISOString()}
        RETURNING user_id`,
  );
  if (used.length === 0) throw new AppError(410, 'link_unusable', unusable);
}
