import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { SessionPrincipal } from '../../platform/session/manage-sessions.ts';
import { inTransaction, readMembers } from '../../platform/session/members-store.ts';
import { checkMemberChange } from './update-member.ts';

/**
 * DELETE /api/workspace/members/:id: the membership goes, and with it at once every session the
 * person has in the team's stores and every API token they made there (the session and token
 * lookups also require the membership, so nothing they hold works on the next call).
 */
export async function removeMember(
  db: Db,
  caller: SessionPrincipal,
  userId: string,
  now: Date,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const members = await readMembers(tx, caller.teamId, { forUpdate: true });
    const target = members.find((member) => member.user_id === userId);
    if (!target) throw notFound('No such member in this workspace.');
    checkMemberChange(caller, members, target, null);
    const teamStores = sql`SELECT id FROM workspaces WHERE team_id = ${caller.teamId}`;
    await tx.execute(sql`DELETE FROM team_members WHERE team_id = ${caller.teamId} AND user_id = ${userId}`);
    await tx.execute(sql`DELETE FROM sessions WHERE user_id = ${userId} AND workspace_id IN (${teamStores})`);
    await tx.execute(
      sql`UPDATE api_tokens SET revoked_at = ${now.toISOString()}
          WHERE created_by = ${userId} AND revoked_at IS NULL AND workspace_id IN (${teamStores})`,
    );
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
