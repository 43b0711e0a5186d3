import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamMembers, users, workspaces } from '../../db/schema/index.ts';
import type { SessionTarget } from '../../platform/session/manage-sessions.ts';
import { createOwnTeam } from '../../platform/workspace/manage-team.ts';
import type { VerifiedIdentity } from './oidc/oidc-client.ts';

/**
 * Creates or updates the user behind a verified identity and picks the store their session starts
 * in: the store they last chose (decision 069) while they are still a member of its team, else the
 * first store of the first team they joined. A user without a team (first sign-in) gets a
 * team of their own with a first store, as its owner (decision 053).
 */
export async function signInUser(db: Db, identity: VerifiedIdentity, now: Date): Promise<SessionTarget> {
  return db.transaction(async (tx) => {
    const profile = {
      email: identity.email,
      firstName: identity.firstName,
      lastName: identity.lastName,
      profileImageUrl: identity.profileImageUrl,
      updatedAt: now,
    };
    const [user] = await tx
      .insert(users)
      .values({ issuer: identity.issuer, subject: identity.subject, ...profile, createdAt: now })
      .onConflictDoUpdate({ target: [users.issuer, users.subject], set: profile })
      .returning({ id: users.id, lastStoreId: users.lastStoreId });
    if (!user) throw new Error('user upsert returned no row');

    // The store they chose last while they are still a member of its team, else the first store
    // of the first team they joined.
    const firstStore = [asc(teamMembers.createdAt), asc(workspaces.createdAt), asc(workspaces.id)];
    const [store] = await tx
      .select({ id: workspaces.id })
      .from(teamMembers)
      .innerJoin(workspaces, eq(workspaces.teamId, teamMembers.teamId))
      .where(eq(teamMembers.userId, user.id))
      .orderBy(
        ...(user.lastStoreId ? [desc(eq(workspaces.id, user.lastStoreId)), ...firstStore] : firstStore),
      )
      .limit(1);
    if (store) return { userId: user.id, workspaceId: store.id };

    const workspaceId = await createOwnTeam(tx, { userId: user.id, firstName: identity.firstName }, now);
    return { userId: user.id, workspaceId };
  });
}
