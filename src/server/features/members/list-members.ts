import type { MemberList } from '../../../shared/contracts/members.ts';
import type { Db } from '../../db/client.ts';
import type { SessionPrincipal } from '../../platform/session/manage-sessions.ts';
import { readMembers } from '../../platform/session/members-store.ts';

/** GET /api/workspace/members: the caller's team, oldest member first. */
export async function listMembers(db: Db, caller: SessionPrincipal): Promise<MemberList> {
  const rows = await readMembers(db, caller.teamId);
  return {
    members: rows.map((row) => ({
      id: row.user_id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      role: row.role,
      canSeeCosts: row.can_see_costs,
      canSeePersonalData: row.can_see_personal_data,
      joinedAt: new Date(row.created_at).toISOString(),
      you: row.user_id === caller.userId,
    })),
    you: {
      role: caller.role,
      canSeeCosts: caller.canSeeCosts,
      canSeePersonalData: caller.canSeePersonalData,
    },
  };
}
