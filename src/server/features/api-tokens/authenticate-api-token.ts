import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiTokens } from '../../db/schema/api-tokens.ts';
import { teamMembers, workspaces } from '../../db/schema/index.ts';
import type { SessionPrincipal } from '../../platform/session/manage-sessions.ts';
import { memberOfStoreTeam, membershipColumns } from '../../platform/session/membership.ts';
import { hashApiToken, isWellFormedApiToken } from './token-secret.ts';

/** last_used_at is written at most this often per token, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The principal a bearer token acts as (its creator in its store, with the creator's current
 * membership of the store's team), or null when the token is malformed, unknown, expired or revoked
 * or its creator is no longer a member; the caller answers all of these alike (401).
 */
export async function authenticateApiToken(
  db: Db,
  token: string,
  now: Date,
): Promise<SessionPrincipal | null> {
  if (!isWellFormedApiToken(token)) return null;
  const [row] = await db
    .select({
      id: apiTokens.id,
      userId: apiTokens.createdBy,
      workspaceId: apiTokens.workspaceId,
      ...membershipColumns,
    })
    .from(apiTokens)
    .innerJoin(workspaces, eq(workspaces.id, apiTokens.workspaceId))
    .innerJoin(teamMembers, memberOfStoreTeam(apiTokens.createdBy))
    .where(
      and(
        eq(apiTokens.tokenHash, hashApiToken(token)),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
      ),
    )
    .limit(1);
  if (!row) return null;
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiTokens.id, row.id),
        or(
          isNull(apiTokens.lastUsedAt),
          lt(apiTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)),
        ),
      ),
    );
  const { id: _id, ...principal } = row;
  return principal;
}
