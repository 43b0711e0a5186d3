import type { CreateStoreBody, Store } from '../../../shared/contracts/stores.ts';
import type { Db } from '../../db/client.ts';
import { workspaces } from '../../db/schema/index.ts';
import type { SessionPrincipal } from '../session/manage-sessions.ts';
import { NO_SHOP, toStore } from './list-stores.ts';

/**
 * A new, empty store in the caller's team (POST /api/stores; the route admits owners and admins).
 * It is not selected: the caller switches to it with POST /api/stores/:id/select.
 */
export async function createStore(
  db: Db,
  principal: SessionPrincipal,
  body: CreateStoreBody,
  now: Date,
): Promise<Store> {
  const [row] = await db
    .insert(workspaces)
    .values({ teamId: principal.teamId, name: body.name, createdAt: now })
    .returning({ id: workspaces.id, name: workspaces.name, createdAt: workspaces.createdAt });
  if (!row) throw new Error('store insert returned no row');
  return toStore({ ...row, ...NO_SHOP }, principal.workspaceId);
}
