import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { SessionPrincipal } from '../../platform/session/manage-sessions.ts';
import { revokePendingInvitation } from '../../platform/session/write-invitations.ts';

/** DELETE /api/workspace/invitations/:id: a pending invitation of the caller's team stops working. */
export async function revokeInvitation(
  db: Db,
  caller: SessionPrincipal,
  id: string,
  now: Date,
): Promise<void> {
  const email = await revokePendingInvitation(db, caller.teamId, id, now);
  if (email === null) throw notFound('No pending invitation with this id in this workspace.');
  await recordAudit(
    db,
    {
      teamId: caller.teamId,
      storeId: null,
      actorUserId: caller.userId,
      action: 'invitation.revoked',
      target: email,
      details: { invitationId: id },
    },
    now,
  );
}
