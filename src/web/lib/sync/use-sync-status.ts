import {
  type SyncRunRequest,
  SyncRunResponseSchema,
  SyncStatusResponseSchema,
} from '@shared/contracts/sync.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, requestJson } from '@web/lib/api-request.ts';

export const syncStatusKey = ['/api/sync/status'] as const;

/**
 * Polls fast while a sync runs or waits, so the panel and the results watcher follow it;
 * otherwise every 30 s.
 */
export function useSyncStatus() {
  return useQuery({
    queryKey: syncStatusKey,
    queryFn: () => getJson('/api/sync/status', SyncStatusResponseSchema),
    refetchInterval: (query) =>
      query.state.data?.sources.some((source) => source.running || source.queued) ? 1_500 : 30_000,
  });
}

/** "Sync now": queues syncs (202) and refreshes the panel. */
export function useRunSync() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: SyncRunRequest) =>
      requestJson('POST', '/api/sync/run', SyncRunResponseSchema, request),
    onSettled: () => client.invalidateQueries({ queryKey: syncStatusKey }),
  });
}
