import { type StoreList, StoreListSchema } from '@shared/contracts/stores.ts';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '@web/lib/api-request.ts';

export const STORES_URL = '/api/stores';
export const STORES_QUERY_KEY = [STORES_URL] as const;

/** The stores of every workspace of the caller, the active one marked (GET /api/stores). */
export function useStores() {
  return useQuery<StoreList>({
    queryKey: STORES_QUERY_KEY,
    queryFn: () => getJson(STORES_URL, StoreListSchema),
  });
}

/**
 * The active store's shop time zone: undefined while the store list loads, null for a store with
 * no synced shop (or a list that failed to load).
 */
export function useActiveTimeZone(): string | null | undefined {
  const stores = useStores();
  if (stores.isPending) return undefined;
  return stores.data?.stores.find((store) => store.active)?.timeZone ?? null;
}
