import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../../../db/query-rows.ts';
import { AppError } from '../../../errors.ts';
import type { AppDeps } from '../../../http/deps.ts';
import { acceptInvitation } from '../../../platform/session/accept-invitation.ts';
import type { SessionTarget } from '../../../platform/session/manage-sessions.ts';
import { inTransaction } from '../../../platform/session/members-store.ts';
import { findInvitationByToken, stateOf } from '../../../platform/session/read-invitations.ts';
import { hashPassword } from './password-hash.ts';
import { passwordIdentity } from './password-identity.ts';
import { checkNewPassword } from './password-policy.ts';

/**
 * POST /api/invitations/:token/password: an invited person without an account sets their password
 * through the invitation link. The link was mailed to the invited address, so opening it verifies
 * that address: the account is created verified and joins the team with the invited role, in one
 * transaction with the acceptance (a used, expired or withdrawn link creates nothing: 410).
 */
export async function joinWithPassword(
  deps: AppDeps,
  token: string,
  body: { name: string; password: string },
): Promise<SessionTarget> {
  const now = deps.clock();
  const invitation = await findInvitationByToken(deps.db, token, {});
  if (stateOf(invitation, now) !== 'pending')
    throw new AppError(
      410,
      'invitation_unusable',
      'This invitation can no longer be used. Ask for a new one.',
    );
  checkNewPassword(body.password, invitation.email);
  const passwordHash = await hashPassword(body.password);
  const identity = passwordIdentity(invitation.email, body.name);
  return inTransaction(deps.db, async (tx) => {
    const [created] = await queryRows(
      tx,
      z.object({ id: z.string() }),
      sql`INSERT INTO users (issuer, subject, email, first_name, last_name, password_hash, email_verified_at,
            created_at, updated_at)
          VALUES (${identity.issuer}, ${identity.subject}, ${identity.email}, ${identity.firstName},
            ${identity.lastName}, ${passwordHash}, ${now.toISOString()}, ${now.toISOString()}, ${now.toISOString()})
          ON CONFLICT (issuer, subject) DO NOTHING RETURNING id`,
    );
    if (!created)
      throw new AppError(
        409,
        'already_member',
        'An account with this e-mail address exists: sign in, then open the invitation link again.',
      );
    const joined = await acceptInvitation(tx, { userId: created.id, sessionToken: undefined }, token, now);
    return { userId: created.id, workspaceId: joined.storeId };
  });
}
