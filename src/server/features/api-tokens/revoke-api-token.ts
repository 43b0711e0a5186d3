import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiTokens } from '../../db/schema/api-tokens.ts';
import { notFound } from '../../errors.ts';

/** Revokes one of the workspace's tokens: from now on it is refused (401) like an unknown one. */
export async function revokeApiToken(db: Db, workspaceId: string, id: string, now: Date): Promise<void> {
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.workspaceId, workspaceId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (revoked.length === 0) throw notFound('No such API token in this workspace.');
}
