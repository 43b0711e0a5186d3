import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { TeamRoleSchema } from '../../../shared/contracts/stores.ts';
import type { Db } from '../../db/client.ts';
import { queryRows, timestampColumn } from '../../db/query-rows.ts';
import { teamMembers } from '../../db/schema/index.ts';

export const MemberRow = z.object({
  user_id: z.string(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  role: TeamRoleSchema,
  can_see_costs: z.boolean(),
  can_see_personal_data: z.boolean(),
  created_at: timestampColumn,
});
export type MemberRow = z.infer<typeof MemberRow>;

/** A team's members with their profile, oldest first; `forUpdate` locks their rows. */
export function readMembers(db: Db, teamId: string, options: { forUpdate?: boolean } = {}) {
  return queryRows(
    db,
    MemberRow,
    sql`SELECT m.user_id, u.email, u.first_name, u.last_name, m.role, m.can_see_costs, m.can_see_personal_data,
          m.created_at
        FROM team_members m JOIN users u ON u.id = m.user_id
        WHERE m.team_id = ${teamId}
        ORDER BY m.created_at, m.user_id
        ${options.forUpdate ? sql`FOR UPDATE OF m` : sql``}`,
  );
}

/** Runs `work` in a transaction (typed as Db, like the rest of the server's transactions). */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (raw) => work(raw as unknown as Db));
}

/** A member's role and what they may see, as the Members page sets them (the caller has checked the change). */
export async function setMembership(
  db: Db,
  teamId: string,
  userId: string,
  membership: { role: MemberRow['role']; canSeeCosts: boolean; canSeePersonalData: boolean },
): Promise<void> {
  await db.execute(
    sql`UPDATE team_members SET role = ${membership.role}, can_see_costs = ${membership.canSeeCosts},
          can_see_personal_data = ${membership.canSeePersonalData}
        WHERE team_id = ${teamId} AND user_id = ${userId}`,
  );
}

/**
 * Removes a member from a team and ends at once every session they have in the team's stores (the
 * session lookup also requires the membership, so nothing they hold works on the next call).
 */
export async function removeMembership(db: Db, teamId: string, userId: string): Promise<void> {
  await db.execute(sql`DELETE FROM team_members WHERE team_id = ${teamId} AND user_id = ${userId}`);
  await db.execute(
    sql`DELETE FROM sessions WHERE user_id = ${userId}
          AND workspace_id IN (SELECT id FROM workspaces WHERE team_id = ${teamId})`,
  );
}

/** Makes the user the owner of a new team (a first sign-in's, platform/workspace/manage-team.ts). */
export async function addTeamOwner(db: Db, teamId: string, userId: string, now: Date): Promise<void> {
  await db.insert(teamMembers).values({ teamId, userId, role: 'owner', createdAt: now });
}
