import { asc, eq } from 'drizzle-orm';
import type { Store, StoreList, StoreTeam } from '../../../shared/contracts/stores.ts';
import type { Db } from '../../db/client.ts';
import { teamMembers, teams, whShops, workspaces } from '../../db/schema/index.ts';
import type { SessionPrincipal } from '../session/manage-sessions.ts';
import { memberOfStoreTeam } from '../session/membership.ts';

/** A store's columns as the API shows them (with its synced shop, when there is one). */
export const storeColumns = {
  id: workspaces.id,
  name: workspaces.name,
  createdAt: workspaces.createdAt,
  currency: whShops.currencyCode,
  shopDomain: whShops.shopDomain,
  timeZone: whShops.ianaTimezone,
};

/** A store's columns before Shopify has synced it (a new store): no shop yet. */
export const NO_SHOP = { currency: null, shopDomain: null, timeZone: null } as const;

/**
 * GET /api/stores: every store of every team the caller is a member of, grouped by team (the team
 * they joined first first, each team's stores oldest first) with the caller's role in each, the
 * active store marked (decision 069). `stores`, `role` and `reportingCurrency` stay those of the
 * active store's team, as before several teams could be reached.
 */
export async function listStores(db: Db, principal: SessionPrincipal): Promise<StoreList> {
  const rows = await db
    .select({
      ...storeColumns,
      teamId: teams.id,
      teamName: teams.name,
      reportingCurrency: teams.reportingCurrency,
      role: teamMembers.role,
    })
    .from(workspaces)
    .innerJoin(teamMembers, memberOfStoreTeam(principal.userId))
    .innerJoin(teams, eq(teams.id, workspaces.teamId))
    .leftJoin(whShops, eq(whShops.workspaceId, workspaces.id))
    .orderBy(asc(teamMembers.createdAt), asc(teams.id), asc(workspaces.createdAt), asc(workspaces.id));
  const byTeam = new Map<string, StoreTeam>();
  for (const row of rows) {
    const team = byTeam.get(row.teamId) ?? {
      id: row.teamId,
      name: row.teamName,
      role: row.role,
      reportingCurrency: row.reportingCurrency,
      active: row.teamId === principal.teamId,
      stores: [],
    };
    team.stores.push(toStore(row, principal.workspaceId));
    byTeam.set(row.teamId, team);
  }
  const all = [...byTeam.values()];
  const current = byTeam.get(principal.teamId);
  return {
    activeStoreId: principal.workspaceId,
    role: principal.role,
    reportingCurrency: current?.reportingCurrency ?? 'USD',
    stores: current?.stores ?? [],
    teams: all,
  };
}

/** A store row as the API shows it. */
export function toStore(
  row: {
    id: string;
    name: string;
    createdAt: Date;
    currency: string | null;
    shopDomain: string | null;
    timeZone: string | null;
  },
  activeStoreId: string,
): Store {
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    shopDomain: row.shopDomain,
    timeZone: row.timeZone,
    active: row.id === activeStoreId,
    createdAt: row.createdAt.toISOString(),
  };
}
