import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ApiTokenList } from '../../../shared/contracts/api-tokens.ts';
import type { Db } from '../../db/client.ts';
import { apiTokens } from '../../db/schema/api-tokens.ts';

/** The workspace's tokens that are not revoked, newest first (expired ones too, marked by expiresAt). */
export async function listApiTokens(db: Db, workspaceId: string): Promise<ApiTokenList> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.workspaceId, workspaceId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt));
  return {
    tokens: rows.map((row) => ({
      id: row.id,
      name: row.name,
      prefix: row.tokenPrefix,
      storeId: row.storeId,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt?.toISOString() ?? null,
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    })),
  };
}
