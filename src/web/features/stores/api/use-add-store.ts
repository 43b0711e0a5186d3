import { StoreSchema } from '@shared/contracts/stores.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '@web/lib/api-request.ts';
import { STORES_QUERY_KEY, STORES_URL } from '../../../lib/stores/store-queries.ts';
import { switchStore } from '../../../lib/stores/store-query-clients.ts';

/**
 * Adds a store to the active workspace (POST /api/stores, owners and admins), then makes it the
 * active store: the pages then show its empty state, which says how to connect Shopify.
 */
export function useAddStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const store = await requestJson('POST', STORES_URL, StoreSchema, { name });
      // The switch carries the store list to the new store's cache: it must hold the new store.
      await client.invalidateQueries({ queryKey: STORES_QUERY_KEY });
      await switchStore(store.id);
      return store;
    },
  });
}
