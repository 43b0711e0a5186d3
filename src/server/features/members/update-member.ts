import type { UpdateMemberBody } from '../../../shared/contracts/members.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { SessionPrincipal } from '../../platform/session/manage-sessions.ts';
import {
  inTransaction,
  type MemberRow,
  readMembers,
  setMembership,
} from '../../platform/session/members-store.ts';

/**
 * The rules every member change follows (decision 055): only an owner changes an owner or makes
 * one; a workspace always keeps an owner; an owner always sees costs and personal data. The team's
 * member rows are locked first, so two owners demoting each other at once cannot both succeed.
 */
export function checkMemberChange(
  caller: SessionPrincipal,
  members: MemberRow[],
  target: MemberRow,
  next: { role: MemberRow['role'] } | null,
): void {
  const touchesOwner = target.role === 'owner' || next?.role === 'owner';
  if (touchesOwner && caller.role !== 'owner')
    throw new AppError(403, 'forbidden', 'Only an owner can change, remove or appoint an owner.');
  const owners = members.filter((member) => member.role === 'owner').length;
  if (target.role === 'owner' && next?.role !== 'owner' && owners <= 1)
    throw new AppError(
      409,
      'last_owner',
      'This is the workspace’s only owner: make another member an owner first.',
    );
}

/** PATCH /api/workspace/members/:id */
export async function updateMember(
  db: Db,
  caller: SessionPrincipal,
  userId: string,
  body: UpdateMemberBody,
  now: Date,
) {
  return inTransaction(db, async (tx) => {
    const members = await readMembers(tx, caller.teamId, { forUpdate: true });
    const target = members.find((member) => member.user_id === userId);
    if (!target) throw notFound('No such member in this workspace.');
    const role = body.role ?? target.role;
    checkMemberChange(caller, members, target, { role });
    if (role === 'owner' && (body.canSeeCosts === false || body.canSeePersonalData === false))
      throw badRequest('An owner always sees costs and personal data.');
    const canSeeCosts = role === 'owner' ? true : (body.canSeeCosts ?? target.can_see_costs);
    const canSeePersonalData =
      role === 'owner' ? true : (body.canSeePersonalData ?? target.can_see_personal_data);
    await setMembership(tx, caller.teamId, userId, { role, canSeeCosts, canSeePersonalData });
    const before = {
      role: target.role,
      canSeeCosts: target.can_see_costs,
      canSeePersonalData: target.can_see_personal_data,
    };
    const after = { role, canSeeCosts, canSeePersonalData };
    if (JSON.stringify(before) !== JSON.stringify(after))
      await recordAudit(
        tx,
        {
          teamId: caller.teamId,
          storeId: null,
          actorUserId: caller.userId,
          action: 'member.changed',
          target: target.email,
          details: { before, after },
        },
        now,
      );
    return { id: userId, ...after };
  });
}
