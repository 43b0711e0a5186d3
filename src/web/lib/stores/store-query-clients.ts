import type { StoreList } from '@shared/contracts/stores.ts';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-request.ts';
import { AUTH_USER_QUERY_KEY } from '@web/lib/auth/use-auth.ts';
import { createQueryClient, queryClient } from '@web/lib/query-client.ts';
import { holdRequestsUntil } from '@web/lib/store-switch-gate.ts';
import { STORES_QUERY_KEY } from './store-queries.ts';

/**
 * One query cache per store (issue #17, decision 053). The API answers for the session's active
 * store and the SPA's reads are never stale (spec §9), so each store's answers live in a query
 * client of their own: switching back to a store seen before renders its pages from that cache at
 * once, and no answer of one store can show up under another. The app starts on the SPA's single
 * client, which becomes the first active store's once `GET /api/stores` names it.
 */
let active: { storeId: string | null; client: QueryClient } = { storeId: null, client: queryClient };
const clients = new Map<string, QueryClient>();
let generation = 0;
const generations = new WeakMap<QueryClient, number>([[queryClient, generation]]);
const listeners = new Set<() => void>();

export function subscribeToActiveStore(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The query client of the active store (stable between switches, for useSyncExternalStore). */
export function activeQueryClient(): QueryClient {
  return active.client;
}

/** A key per query client: the app's tree is mounted anew under another store's client. */
export function queryClientKey(client: QueryClient): number {
  return generations.get(client) ?? 0;
}

/** Records the store the session started in: the current client holds its answers. */
export function adoptActiveStore(storeId: string): void {
  if (active.storeId !== null) return;
  active = { storeId, client: active.client };
  clients.set(storeId, active.client);
  for (const listener of listeners) listener();
}

/**
 * The store list as the server will answer it once `storeId` is active: the active store and its
 * workspace marked, and `stores`, `role` and `reportingCurrency` those of that store's workspace
 * (a switch can cross workspaces, where the caller's role differs, decision 069).
 */
export function withActive(list: StoreList, storeId: string): StoreList {
  const teams = list.teams.map((team) => {
    const stores = team.stores.map((store) => ({ ...store, active: store.id === storeId }));
    return { ...team, stores, active: stores.some((store) => store.active) };
  });
  const team = teams.find((candidate) => candidate.active);
  if (!team) return list;
  return {
    activeStoreId: storeId,
    role: team.role,
    reportingCurrency: team.reportingCurrency,
    stores: team.stores,
    teams,
  };
}

function activate(storeId: string, client: QueryClient): void {
  active = { storeId, client };
  for (const listener of listeners) listener();
}

/**
 * Makes `storeId` the session's active store and swaps to its query client (a new one the first
 * time). The reads in flight for the old store are cancelled first, so none lands after the switch.
 * Who is signed in and the store list are the same in every store and go along. A store seen before
 * is shown from its cache at once, while the select is on its way: reads started meanwhile wait for
 * it (store-switch-gate.ts), and a refused select puts the previous store back. A store not seen
 * before is shown once the session has moved.
 */
export async function switchStore(storeId: string): Promise<void> {
  if (storeId === active.storeId) return;
  const previous = active;
  await previous.client.cancelQueries();
  const selecting = apiRequest('POST', `/api/stores/${encodeURIComponent(storeId)}/select`);
  holdRequestsUntil(selecting);
  const seen = clients.get(storeId);
  const next = seen ?? createQueryClient();
  clients.set(storeId, next);
  if (!generations.has(next)) generations.set(next, ++generation);
  next.setQueryData(AUTH_USER_QUERY_KEY, previous.client.getQueryData(AUTH_USER_QUERY_KEY));
  const list = previous.client.getQueryData<StoreList>(STORES_QUERY_KEY);
  if (list) next.setQueryData(STORES_QUERY_KEY, withActive(list, storeId));
  if (seen) activate(storeId, next);
  try {
    await selecting;
  } catch (error) {
    if (seen && active.client === next) activate(previous.storeId ?? storeId, previous.client);
    throw error;
  }
  if (!seen) activate(storeId, next);
}

/**
 * The server moved the session to `storeId` by itself (accepting an invitation selects the invited
 * workspace's first store): show that store under its own query client, whose store list is read
 * afresh (the person is now in one more workspace). The other stores' caches stay as they were.
 */
export function followSessionTo(storeId: string): void {
  const previous = active.client;
  const next = clients.get(storeId) ?? createQueryClient();
  clients.set(storeId, next);
  if (!generations.has(next)) generations.set(next, ++generation);
  next.setQueryData(AUTH_USER_QUERY_KEY, previous.getQueryData(AUTH_USER_QUERY_KEY));
  void next.invalidateQueries({ queryKey: STORES_QUERY_KEY });
  for (const client of clients.values())
    if (client !== next) client.removeQueries({ queryKey: STORES_QUERY_KEY });
  activate(storeId, next);
}
