import {
  DashboardTodaySchema,
  DataRequestExportListSchema,
  DemoLiveResponseSchema,
} from '@shared/contracts/webhooks.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@web/lib/api-error.ts';
import { getJson, requestJson } from '@web/lib/api-request.ts';

/** Today's figures are polled this often: webhooks land within seconds, so the card keeps up. */
export const TODAY_POLL_MS = 5_000;

const todayKey = ['/api/dashboard/today'] as const;
const liveKey = ['/api/demo/live'] as const;

/** The shop's day so far (short polling). */
export function useToday() {
  return useQuery({
    queryKey: todayKey,
    queryFn: () => getJson('/api/dashboard/today', DashboardTodaySchema),
    refetchInterval: TODAY_POLL_MS,
  });
}

/** Demo mode's "Simulate live orders" state; null outside demo mode (the switch is hidden). */
export function useDemoLive() {
  return useQuery({
    queryKey: liveKey,
    queryFn: async () => {
      try {
        return await getJson('/api/demo/live', DemoLiveResponseSchema);
      } catch (error) {
        if (isApiError(error, 'demo_off')) return null;
        throw error;
      }
    },
  });
}

export function useToggleDemoLive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      requestJson('POST', '/api/demo/live', DemoLiveResponseSchema, { enabled }),
    onSuccess: (answer) => {
      client.setQueryData(liveKey, answer);
      void client.invalidateQueries({ queryKey: todayKey });
    },
  });
}

/** Exports prepared for Shopify's customers/data_request, for the owner to download. */
export function useDataRequestExports() {
  return useQuery({
    queryKey: ['/api/compliance/data-requests'],
    queryFn: () => getJson('/api/compliance/data-requests', DataRequestExportListSchema),
  });
}
