import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teams, workspaces } from '../../db/schema/index.ts';
import { addTeamOwner } from '../session/members-store.ts';

/**
 * A team's own writes (decision 215: `teams` and `workspaces` are the workspace platform's, the
 * membership rows the session platform's, beside what reads them).
 */

/**
 * A first sign-in's team (decision 053): a team named after the user, with them as its owner and a
 * first store; answers the store's id. Called inside the sign-in's transaction.
 */
export async function createOwnTeam(
  db: Db,
  owner: { userId: string; firstName: string | null },
  now: Date,
): Promise<string> {
  const [team] = await db
    .insert(teams)
    .values({ name: owner.firstName ? `${owner.firstName}'s workspace` : 'My workspace', createdAt: now })
    .returning({ id: teams.id });
  if (!team) throw new Error('team insert returned no row');
  await addTeamOwner(db, team.id, owner.userId, now);
  const [created] = await db
    .insert(workspaces)
    .values({
      teamId: team.id,
      name: owner.firstName ? `${owner.firstName}'s store` : 'My store',
      createdAt: now,
    })
    .returning({ id: workspaces.id });
  if (!created) throw new Error('store insert returned no row');
  return created.id;
}

/** The currency the team's All-stores views report in. */
export async function setReportingCurrency(db: Db, teamId: string, currency: string): Promise<void> {
  await db.update(teams).set({ reportingCurrency: currency }).where(eq(teams.id, teamId));
}
