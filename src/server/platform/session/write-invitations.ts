import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TeamRole } from '../../../shared/contracts/stores.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { INVITATION_TTL_MS } from './invitation-token.ts';
import { InvitationRow } from './read-invitations.ts';

/**
 * The writes of a team's invitations (decision 215: `team_invitations` is the session platform's,
 * beside their reads and their acceptance): the Members page creates and revokes them.
 */

/** Stores a new invitation, valid for INVITATION_TTL_MS from `now`, and answers it as listed. */
export async function insertInvitation(
  db: Db,
  invitation: { teamId: string; email: string; role: TeamRole; tokenHash: string; invitedBy: string },
  now: Date,
): Promise<InvitationRow> {
  const [row] = await queryRows(
    db,
    InvitationRow,
    sql`WITH i AS (
          INSERT INTO team_invitations (team_id, email, role, token_hash, invited_by, created_at, expires_at)
          VALUES (${invitation.teamId}, ${invitation.email}, ${invitation.role}, ${invitation.tokenHash},
            ${invitation.invitedBy}, ${now.toISOString()}, ${new Date(now.getTime() + INVITATION_TTL_MS).toISOString()})
          RETURNING *)
        SELECT i.id, i.team_id, t.name AS team_name, i.email, i.role, u.email AS invited_by, i.created_at,
          i.expires_at, i.accepted_at, i.revoked_at
        FROM i JOIN teams t ON t.id = i.team_id LEFT JOIN users u ON u.id = i.invited_by`,
  );
  if (!row) throw new Error('invitation insert returned no row');
  return row;
}

const RevokedRow = z.object({ email: z.string() });

/** Revokes a pending invitation of the team; answers its address, or null when there is none to revoke. */
export async function revokePendingInvitation(
  db: Db,
  teamId: string,
  id: string,
  now: Date,
): Promise<string | null> {
  const [row] = await queryRows(
    db,
    RevokedRow,
    sql`UPDATE team_invitations SET revoked_at = ${now.toISOString()}
        WHERE id = ${id} AND team_id = ${teamId} AND accepted_at IS NULL AND revoked_at IS NULL
        RETURNING email`,
  );
  return row?.email ?? null;
}
