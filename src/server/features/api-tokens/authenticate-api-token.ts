import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiTokens } from '../../db/schema/api-tokens.ts';
import type { SessionPrincipal } from '../auth/manage-sessions.ts';
import { hashApiToken, isWellFormedApiToken } from './token-secret.ts';

/** last_used_at is written at most this often per token, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The principal a bearer token acts as (its creator in its workspace), or null when the token is
 * malformed, unknown, expired or revoked; the caller answers all of these alike (401).
 */
export async function authenticateApiToken(
  db: Db,
  token: string,
  now: Date,
): Promise<SessionPrincipal | null> {
  if (!isWellFormedApiToken(token)) return null;
  const [row] = await db
    .select({ id: apiTokens.id, userId: apiTokens.createdBy, workspaceId: apiTokens.workspaceId })
    .from(apiTokens)
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
  return { userId: row.userId, workspaceId: row.workspaceId };
}
