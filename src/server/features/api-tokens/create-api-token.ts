import type { CreateApiTokenBody, CreatedApiToken } from '../../../shared/contracts/api-tokens.ts';
import type { Db } from '../../db/client.ts';
import { apiTokens } from '../../db/schema/api-tokens.ts';
import { badRequest } from '../../errors.ts';
import type { SessionPrincipal } from '../../platform/session/manage-sessions.ts';
import { newApiTokenSecret } from './token-secret.ts';

/** Creates a read-only token for the caller's workspace; the token is returned this once only. */
export async function createApiToken(
  db: Db,
  principal: SessionPrincipal,
  body: CreateApiTokenBody,
  now: Date,
): Promise<CreatedApiToken> {
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && expiresAt <= now) throw badRequest('expiresAt must be in the future');
  const secret = newApiTokenSecret();
  const [row] = await db
    .insert(apiTokens)
    .values({
      workspaceId: principal.workspaceId,
      createdBy: principal.userId,
      name: body.name,
      tokenHash: secret.hash,
      tokenPrefix: secret.shown,
      createdAt: now,
      expiresAt,
    })
    .returning({ id: apiTokens.id });
  if (!row) throw new Error('the API token was not stored');
  return { id: row.id, token: secret.token };
}
