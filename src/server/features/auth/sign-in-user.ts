import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, workspaceMembers, workspaces } from '../../db/schema/index.ts';
import type { SessionPrincipal } from './manage-sessions.ts';
import type { VerifiedIdentity } from './oidc/oidc-client.ts';

/**
 * Creates or updates the user behind a verified identity and makes sure they have a workspace
 * (each user gets one at first sign-in; the membership table leaves room for shared workspaces).
 */
export async function signInUser(db: Db, identity: VerifiedIdentity, now: Date): Promise<SessionPrincipal> {
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
      .returning({ id: users.id });
    if (!user) throw new Error('user upsert returned no row');

    const [membership] = await tx
      .select({ workspaceId: workspaceMembers.workspaceId })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, user.id))
      .orderBy(sql`${workspaceMembers.createdAt} asc`)
      .limit(1);
    if (membership) return { userId: user.id, workspaceId: membership.workspaceId };

    const name = identity.firstName ? `${identity.firstName}'s store` : 'My store';
    const [workspace] = await tx
      .insert(workspaces)
      .values({ name, createdAt: now })
      .returning({ id: workspaces.id });
    if (!workspace) throw new Error('workspace insert returned no row');
    await tx
      .insert(workspaceMembers)
      .values({ workspaceId: workspace.id, userId: user.id, role: 'owner', createdAt: now });
    return { userId: user.id, workspaceId: workspace.id };
  });
}
