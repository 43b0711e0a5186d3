import { eq } from 'drizzle-orm';
import type { Store } from '../../../shared/contracts/stores.ts';
import type { Db } from '../../db/client.ts';
import { teamMembers, whShops, workspaces } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { type SessionPrincipal, selectSessionStore } from '../../platform/session/manage-sessions.ts';
import { memberOfStoreTeam } from '../../platform/session/membership.ts';
import { storeColumns, toStore } from '../../platform/workspace/list-stores.ts';

/**
 * Makes a store of the caller's team the session's active store (POST /api/stores/:id/select).
 * "The caller's team" is any team the caller is a member of, so someone who also joined another
 * workspace reaches its stores; a store of a team they are not in answers 404 exactly like one that
 * does not exist.
 */
export async function selectStore(
  db: Db,
  principal: SessionPrincipal,
  sessionToken: string,
  storeId: string,
): Promise<Store> {
  const [row] = await db
    .select(storeColumns)
    .from(workspaces)
    .innerJoin(teamMembers, memberOfStoreTeam(principal.userId))
    .leftJoin(whShops, eq(whShops.workspaceId, workspaces.id))
    .where(eq(workspaces.id, storeId))
    .limit(1);
  if (!row) throw notFound('No such store in this workspace.');
  await selectSessionStore(db, { token: sessionToken, userId: principal.userId }, row.id);
  return toStore(row, row.id);
}
