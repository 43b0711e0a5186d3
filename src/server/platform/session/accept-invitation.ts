import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TeamRole } from '../../../shared/contracts/stores.ts';
import { maskEmail } from '../../../shared/masking.ts';
import { defaultVisibility } from '../../../shared/permissions.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { selectSessionStore } from './manage-sessions.ts';
import { inTransaction } from './members-store.ts';
import { findInvitationByToken, stateOf } from './read-invitations.ts';

const WHY_NOT: Record<'accepted' | 'expired' | 'revoked', string> = {
  accepted: 'This invitation was already used. Ask for a new one.',
  expired: 'This invitation has expired (they last 7 days). Ask for a new one.',
  revoked: 'This invitation was withdrawn. Ask for a new one.',
};

const UserRow = z.object({ email: z.string().nullable() });

const StoreRow = z.object({ id: z.string() });

/**
 * POST /api/invitations/:token/accept, signed in as the invitee (the identity provider's
 * e-mail must be the invited address): the user joins the team with the invited role and its
 * default visibility (a viewer sees no costs or personal data until granted) — once; the
 * invitation row is locked, so two tabs accepting at once add them once — and the session moves to
 * the team's first store.
 */
export async function acceptInvitation(
  db: Db,
  invitee: { userId: string; sessionToken: string | undefined },
  token: string,
  now: Date,
): Promise<{ teamId: string; storeId: string; role: TeamRole }> {
  return inTransaction(db, async (tx) => {
    const invitation = await findInvitationByToken(tx, token, { forUpdate: true });
    const state = stateOf(invitation, now);
    if (state !== 'pending') throw new AppError(410, 'invitation_unusable', WHY_NOT[state]);
    const [user] = await queryRows(tx, UserRow, sql`SELECT email FROM users WHERE id = ${invitee.userId}`);
    if (user?.email?.toLowerCase() !== invitation.email.toLowerCase())
      throw new AppError(
        403,
        'invitation_for_someone_else',
        `This invitation is for ${maskEmail(invitation.email)}: sign in with that address to accept it.`,
      );
    const [store] = await queryRows(
      tx,
      StoreRow,
      sql`SELECT id FROM workspaces WHERE team_id = ${invitation.team_id} ORDER BY created_at, id LIMIT 1`,
    );
    if (!store) throw new Error(`team ${invitation.team_id} has no store`);
    const visibility = defaultVisibility(invitation.role);
    await tx.execute(
      sql`INSERT INTO team_members (team_id, user_id, role, can_see_costs, can_see_personal_data, created_at)
          VALUES (${invitation.team_id}, ${invitee.userId}, ${invitation.role}, ${visibility.canSeeCosts},
            ${visibility.canSeePersonalData}, ${now.toISOString()})
          ON CONFLICT (team_id, user_id) DO NOTHING`,
    );
    await tx.execute(
      sql`UPDATE team_invitations SET accepted_at = ${now.toISOString()}, accepted_by = ${invitee.userId}
          WHERE id = ${invitation.id}`,
    );
    await recordAudit(
      tx,
      {
        teamId: invitation.team_id,
        storeId: null,
        actorUserId: invitee.userId,
        action: 'member.joined',
        target: invitation.email,
        details: { role: invitation.role, invitationId: invitation.id },
      },
      now,
    );
    await selectSessionStore(tx, { token: invitee.sessionToken, userId: invitee.userId }, store.id);
    return { teamId: invitation.team_id, storeId: store.id, role: invitation.role };
  });
}
