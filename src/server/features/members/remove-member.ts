import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { RevokeMemberTokens } from '../../platform/ports/revoke-member-tokens.ts';
import type { SessionPrincipal } from '../../platform/session/manage-sessions.ts';
import { inTransaction, readMembers, removeMembership } from '../../platform/session/members-store.ts';
import { checkMemberChange } from './update-member.ts';

/**
 * DELETE /api/workspace/members/:id: the membership goes, and with it at once every session the
 * person has in the team's stores and every API token they made there (the session and token
 * lookups also require the membership, so nothing they hold works on the next call). The tokens
 * are the api-tokens feature's: revoked through its port, in the same transaction (decision 215).
 */
export async function removeMember(
  db: Db,
  caller: SessionPrincipal,
  userId: string,
  now: Date,
  revokeMemberTokens: RevokeMemberTokens,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const members = await readMembers(tx, caller.teamId, { forUpdate: true });
    const target = members.find((member) => member.user_id === userId);
    if (!target) throw notFound('No such member in this workspace.');
    checkMemberChange(caller, members, target, null);
    await removeMembership(tx, caller.teamId, userId);
    await revokeMemberTokens(tx, { teamId: caller.teamId, userId }, now);
    await recordAudit(
      tx,
      {
        teamId: caller.teamId,
        storeId: null,
        actorUserId: caller.userId,
        action: 'member.removed',
        target: target.email,
        details: { role: target.role },
      },
      now,
    );
  });
}
