import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { notFound } from '../../errors.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { SessionPrincipal } from '../../platform/session/manage-sessions.ts';

const RevokeInvitationRow = z.object({ email: z.string() });

/** DELETE /api/workspace/invitations/:id: a pending invitation of the caller's team stops working. */
export async function revokeInvitation(
  db: Db,
  caller: SessionPrincipal,
  id: string,
  now: Date,
): Promise<void> {
  const [row] = await queryRows(
    db,
    RevokeInvitationRow,
    sql`UPDATE team_invitations SET revoked_at = ${now.toISOString()}
        WHERE id = ${id} AND team_id = ${caller.teamId} AND accepted_at IS NULL AND revoked_at IS NULL
        RETURNING email`,
  );
  if (!row) throw notFound('No pending invitation with this id in this workspace.');
  await recordAudit(
    db,
    {
      teamId: caller.teamId,
      storeId: null,
      actorUserId: caller.userId,
      action: 'invitation.revoked',
      target: row.email,
      details: { invitationId: id },
    },
    now,
  );
}
