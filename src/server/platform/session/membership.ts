import { and, type Column, eq, type SQL } from 'drizzle-orm';
import type { TeamRole } from '../../../shared/contracts/stores.ts';
import { teamMembers, workspaces } from '../../db/schema/index.ts';

/**
 * What a principal knows of its membership (decision 053): the team of its active store and the
 * member's role and visibility switches, read with the session (or API token) in the same query.
 * A query selects these after joining `workspaces` on its store column and `teamMembers` on
 * `memberOfStoreTeam(userColumn)`: a user who is no longer a member of the store's team finds no
 * row, so their cookie and tokens stop working at once.
 */
export const membershipColumns = {
  teamId: teamMembers.teamId,
  role: teamMembers.role,
  canSeeCosts: teamMembers.canSeeCosts,
  canSeePersonalData: teamMembers.canSeePersonalData,
};

/** The join condition of `teamMembers`: the membership of `user` (a column or an id) of the joined store's team. */
export function memberOfStoreTeam(user: Column | string): SQL {
  return and(eq(teamMembers.teamId, workspaces.teamId), eq(teamMembers.userId, user)) as SQL;
}

/** A member's standing in the team of their active store. */
export interface Membership {
  teamId: string;
  role: TeamRole;
  canSeeCosts: boolean;
  canSeePersonalData: boolean;
}

type Principal = Membership & { userId: string; workspaceId: string };

/** The principal of a row that selected `userId`, `workspaceId` and `membershipColumns` (and more). */
export function principalOf(row: Principal): Principal {
  return {
    userId: row.userId,
    workspaceId: row.workspaceId,
    teamId: row.teamId,
    role: row.role,
    canSeeCosts: row.canSeeCosts,
    canSeePersonalData: row.canSeePersonalData,
  };
}
