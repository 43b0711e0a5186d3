import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiTokens } from '../../db/schema/api-tokens.ts';
import { notFound } from '../../errors.ts';
import type { RevokeMemberTokens } from '../../platform/ports/revoke-member-tokens.ts';

/** Revokes one of the workspace's tokens: from now on it is refused (401) like an unknown one. */
export async function revokeApiToken(db: Db, workspaceId: string, id: string, now: Date): Promise<void> {
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.workspaceId, workspaceId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (revoked.length === 0) throw notFound('No such API token in this workspace.');
}

/** The `revokeMemberTokens` port (decision 215): a removed member's tokens in the team's stores, all revoked. */
export const revokeMemberTokens: RevokeMemberTokens = async (db, { teamId, userId }, now) => {
  await db.execute(
    sql`UPDATE api_tokens SET revoked_at = ${now.toISOString()}
        WHERE created_by = ${userId} AND revoked_at IS NULL
          AND workspace_id IN (SELECT id FROM workspaces WHERE team_id = ${teamId})`,
  );
};
