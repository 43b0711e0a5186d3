import { asc, eq } from 'drizzle-orm';
import type { Store, StoreList } from '../../../shared/contracts/stores.ts';
import type { Db } from '../../db/client.ts';
import { teams, whShops, workspaces } from '../../db/schema/index.ts';
import type { SessionPrincipal } from '../auth/manage-sessions.ts';

/** A store's columns as the API shows them (with its synced shop, when there is one). */
export const storeColumns = {
  id: workspaces.id,
  name: workspaces.name,
  createdAt: workspaces.createdAt,
  currency: whShops.currencyCode,
  shopDomain: whShops.shopDomain,
};

/** The stores of the caller's team, oldest first, the active one marked (GET /api/stores). */
export async function listStores(db: Db, principal: SessionPrincipal): Promise<StoreList> {
  const [rows, [team]] = await Promise.all([
    db
      .select(storeColumns)
      .from(workspaces)
      .leftJoin(whShops, eq(whShops.workspaceId, workspaces.id))
      .where(eq(workspaces.teamId, principal.teamId))
      .orderBy(asc(workspaces.createdAt), asc(workspaces.id)),
    db
      .select({ reportingCurrency: teams.reportingCurrency })
      .from(teams)
      .where(eq(teams.id, principal.teamId)),
  ]);
  return {
    activeStoreId: principal.workspaceId,
    role: principal.role,
    reportingCurrency: team?.reportingCurrency ?? 'USD',
    stores: rows.map((row) => toStore(row, principal.workspaceId)),
  };
}

/** A store row as the API shows it. */
export function toStore(
  row: { id: string; name: string; createdAt: Date; currency: string | null; shopDomain: string | null },
  activeStoreId: string,
): Store {
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    shopDomain: row.shopDomain,
    active: row.id === activeStoreId,
    createdAt: row.createdAt.toISOString(),
  };
}
