import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lt, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, teamMembers, users, workspaces } from '../../db/schema/index.ts';
import { type Membership, memberOfStoreTeam, membershipColumns } from './membership.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Who is calling and in which store (decision 053): `workspaceId` is the ACTIVE STORE (the data
 * scope every store-owned read and write uses); the rest is the caller's membership of that store's
 * team, read with the session.
 */
export interface SessionPrincipal extends Membership {
  userId: string;
  workspaceId: string;
}

/** What a session row stores: the user and their active store. */
export type SessionTarget = Pick<SessionPrincipal, 'userId' | 'workspaceId'>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Starts a session and returns the token for the cookie; only its hash is stored, with the
 * browser's User-Agent so the profile can name the device.
 */
export async function createSession(
  db: Db,
  principal: SessionTarget,
  now: Date,
  userAgent?: string | undefined,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: principal.userId,
    workspaceId: principal.workspaceId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  // Housekeeping: expired sessions are useless, drop them while we are here.
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  return token;
}

/**
 * The row of a live session: the token's hash, not expired. Every session lookup filters by this;
 * prepared statements pass placeholders for the hash (sessionTokenHash) and the time.
 */
export function liveSession(tokenHash: string | Placeholder, now: Date | Placeholder): SQL {
  return and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)) as SQL;
}

/** What `sessions` stores of a token. */
export const sessionTokenHash = hashToken;

/**
 * The principal of a live session, or null when the token is unknown or expired or its user is no
 * longer a member of the active store's team.
 */
export async function findSession(db: Db, token: string, now: Date): Promise<SessionPrincipal | null> {
  const [row] = await db
    .select({ userId: sessions.userId, workspaceId: sessions.workspaceId, ...membershipColumns })
    .from(sessions)
    .innerJoin(workspaces, eq(workspaces.id, sessions.workspaceId))
    .innerJoin(teamMembers, memberOfStoreTeam(sessions.userId))
    .where(liveSession(hashToken(token), now))
    .limit(1);
  return row ?? null;
}

/**
 * Makes `storeId` the active store of the session of `token`, and the store the user's next
 * sign-in lands in (decision 069). The caller has checked that the user may see the store.
 */
export async function selectSessionStore(
  db: Db,
  session: { token: string | undefined; userId: string },
  storeId: string,
): Promise<void> {
  if (session.token)
    await db
      .update(sessions)
      .set({ workspaceId: storeId })
      .where(and(eq(sessions.tokenHash, hashToken(session.token)), eq(sessions.userId, session.userId)));
  await db.update(users).set({ lastStoreId: storeId }).where(eq(users.id, session.userId));
}

export async function endSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** The user's live sessions, newest first, marking the one of `token` (GET /api/auth/sessions). */
export async function listSessions(db: Db, userId: string, token: string | undefined, now: Date) {
  const rows = await db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt));
  const current = token ? hashToken(token) : undefined;
  return rows.map(({ tokenHash, createdAt, expiresAt, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    current: tokenHash === current,
  }));
}

/** Ends one of the user's sessions by its id (DELETE /api/auth/sessions/:id); false when none. */
export async function revokeSession(db: Db, userId: string, id: string): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every session of the user (a password reset signs them out everywhere). */
export async function endAllSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
