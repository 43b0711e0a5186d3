import { DemoStoreAddedSchema } from '@shared/contracts/stores.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '@web/lib/api-request.ts';
import { STORES_QUERY_KEY } from '../../../lib/stores/store-queries.ts';

/**
 * Adds the demo's second shop (in EUR) to the workspace as a store of its own (POST /api/demo/stores),
 * synced in the background; the All-stores views then convert it. The active store stays as it is.
 */
export function useAddDemoStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => requestJson('POST', '/api/demo/stores', DemoStoreAddedSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: STORES_QUERY_KEY }),
  });
}
