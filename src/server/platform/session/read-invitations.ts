import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Invitation, InvitationPreview } from '../../../shared/contracts/members.ts';
import { TeamRoleSchema } from '../../../shared/contracts/stores.ts';
import type { Db } from '../../db/client.ts';
import { queryRows, timestampColumn } from '../../db/query-rows.ts';
import { notFound } from '../../errors.ts';
import { hashInvitationToken } from './invitation-token.ts';

export const InvitationRow = z.object({
  id: z.string(),
  team_id: z.string(),
  team_name: z.string(),
  email: z.string(),
  role: TeamRoleSchema,
  invited_by: z.string().nullable(),
  created_at: timestampColumn,
  expires_at: timestampColumn,
  accepted_at: timestampColumn.nullable(),
  revoked_at: timestampColumn.nullable(),
});
export type InvitationRow = z.infer<typeof InvitationRow>;

const SELECT = sql`SELECT i.id, i.team_id, t.name AS team_name, i.email, i.role, u.email AS invited_by, i.created_at,
    i.expires_at, i.accepted_at, i.revoked_at
  FROM team_invitations i JOIN teams t ON t.id = i.team_id LEFT JOIN users u ON u.id = i.invited_by`;

export const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invitedBy: row.invited_by,
  createdAt: new Date(row.created_at).toISOString(),
  expiresAt: new Date(row.expires_at).toISOString(),
});

export function stateOf(row: InvitationRow, now: Date): InvitationPreview['state'] {
  if (row.accepted_at) return 'accepted';
  if (row.revoked_at) return 'revoked';
  return new Date(row.expires_at) <= now ? 'expired' : 'pending';
}

/** The invitation behind a link (any state), `forUpdate` locking it; 404 for an unknown token. */
export async function findInvitationByToken(
  db: Db,
  token: string,
  options: { forUpdate?: boolean } = {},
): Promise<InvitationRow> {
  const [row] = await queryRows(
    db,
    InvitationRow,
    sql`${SELECT} WHERE i.token_hash = ${hashInvitationToken(token)} ${options.forUpdate ? sql`FOR UPDATE OF i` : sql``}`,
  );
  if (!row) throw notFound('This invitation link is not valid. Ask for a new one.');
  return row;
}

/**
 * GET /api/invitations/:token: what the signed-in invitee is asked to accept; once it cannot be
 * accepted any more, only its state (a used link shows no workspace or e-mail addresses).
 */
export async function previewInvitation(db: Db, token: string, now: Date): Promise<InvitationPreview> {
  const row = await findInvitationByToken(db, token);
  const state = stateOf(row, now);
  const pending = state === 'pending';
  return {
    workspaceName: pending ? row.team_name : null,
    role: row.role,
    email: pending ? row.email : null,
    invitedBy: pending ? row.invited_by : null,
    expiresAt: new Date(row.expires_at).toISOString(),
    state,
  };
}

/** GET /api/workspace/invitations: the team's invitations still waiting for an answer. */
export async function listPendingInvitations(db: Db, teamId: string, now: Date): Promise<Invitation[]> {
  const rows = await queryRows(
    db,
    InvitationRow,
    sql`${SELECT} WHERE i.team_id = ${teamId} AND i.accepted_at IS NULL AND i.revoked_at IS NULL
          AND i.expires_at > ${now.toISOString()}
        ORDER BY i.created_at DESC`,
  );
  return rows.map(toInvitation);
}
