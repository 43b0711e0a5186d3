import type { GaCredentialsRequest } from '@shared/contracts/credentials.ts';
import { GaOverviewSchema, GaPagesSchema, GaTrafficSchema } from '@shared/contracts/ga.ts';
import { MetaSummarySchema } from '@shared/contracts/meta.ts';
import { ShopifySummarySchema } from '@shared/contracts/shopify.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type DateRangeValue, rangeQuery } from '@web/components/date-range.ts';
import { getJson, requestJson } from '@web/lib/api-request.ts';

/** Spec §9: GA dashboard data refreshes every 300 s. */
export const GA_REFRESH_MS = 300_000;

export function useGaDashboard(connected: boolean) {
  const options = { enabled: connected, refetchInterval: GA_REFRESH_MS, retry: false } as const;
  const overview = useQuery({
    queryKey: ['/api/ga/analytics', 'overview'],
    queryFn: () => getJson('/api/ga/analytics/overview', GaOverviewSchema),
    ...options,
  });
  const pages = useQuery({
    queryKey: ['/api/ga/analytics', 'pages'],
    queryFn: () => getJson('/api/ga/analytics/pages', GaPagesSchema),
    ...options,
  });
  const traffic = useQuery({
    queryKey: ['/api/ga/analytics', 'traffic'],
    queryFn: () => getJson('/api/ga/analytics/traffic', GaTrafficSchema),
    ...options,
  });
  return { overview, pages, traffic };
}

/** The not-connected form: the three POSTs in parallel with the typed credentials (spec §7). */
export function useFetchGaWithCredentials() {
  return useMutation({
    mutationFn: async (payload: GaCredentialsRequest) => {
      const [overview, pages, traffic] = await Promise.all([
        requestJson('POST', '/api/ga/analytics/overview', GaOverviewSchema, payload),
        requestJson('POST', '/api/ga/analytics/pages', GaPagesSchema, payload),
        requestJson('POST', '/api/ga/analytics/traffic', GaTrafficSchema, payload),
      ]);
      return { overview, pages, traffic };
    },
  });
}

export function useShopifySummary(connected: boolean, range: DateRangeValue) {
  const query = rangeQuery(range);
  return useQuery({
    queryKey: ['/api/shopify/summary', query],
    queryFn: () => getJson(`/api/shopify/summary?${query}`, ShopifySummarySchema),
    enabled: connected,
    retry: false,
  });
}

export function useMetaSummary(connected: boolean, range: DateRangeValue) {
  const query = rangeQuery(range);
  return useQuery({
    queryKey: ['/api/meta/summary', query],
    queryFn: () => getJson(`/api/meta/summary?${query}`, MetaSummarySchema),
    enabled: connected,
    retry: false,
  });
}
