import {
  AnalysisStatusSchema,
  AttributionRowListSchema,
  CohortPointListSchema,
  CustomerSegmentListSchema,
  RevenueForecastSchema,
  StockImpactRowListSchema,
} from '@shared/contracts/analytics.ts';
import {
  type Opportunity,
  OpportunityListSchema,
  OpportunitySchema,
  OpportunityStatsSchema,
} from '@shared/contracts/opportunities.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, requestJson } from '@web/lib/api-request.ts';

/** Spec §9: opportunities, stats (and what the page shows beside them) refresh every 30 s. */
export const OPPORTUNITY_POLL_MS = 30_000;

export type StatsPeriod = '7' | '30' | '90';

export const OPPORTUNITY_KEYS = {
  list: ['/api/opportunities'] as const,
  stats: (period: StatsPeriod) => ['/api/opportunities/stats', period] as const,
  statsAll: ['/api/opportunities/stats'] as const,
  status: ['/api/analysis/status'] as const,
};

export function useOpportunities() {
  return useQuery({
    queryKey: OPPORTUNITY_KEYS.list,
    queryFn: () => getJson('/api/opportunities', OpportunityListSchema),
    refetchInterval: OPPORTUNITY_POLL_MS,
  });
}

export function useOpportunityStats(period: StatsPeriod) {
  return useQuery({
    queryKey: OPPORTUNITY_KEYS.stats(period),
    queryFn: () => getJson(`/api/opportunities/stats?period=${period}`, OpportunityStatsSchema),
    refetchInterval: OPPORTUNITY_POLL_MS,
  });
}

export function useAnalysisStatus(options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: OPPORTUNITY_KEYS.status,
    queryFn: () => getJson('/api/analysis/status', AnalysisStatusSchema),
    refetchInterval: options.poll === false ? false : OPPORTUNITY_POLL_MS,
  });
}

/** Dashboard reads polled with the list, so a finished analysis shows everywhere at once. */
function usePolledRead<S extends Parameters<typeof getJson>[1]>(url: string, schema: S) {
  return useQuery({
    queryKey: [url],
    queryFn: () => getJson(url, schema),
    refetchInterval: OPPORTUNITY_POLL_MS,
  });
}

export const useCustomerSegments = () =>
  usePolledRead('/api/analytics/customer-segments', CustomerSegmentListSchema);
export const useCohortRetention = () =>
  usePolledRead('/api/analytics/cohort-retention', CohortPointListSchema);
/** The attribution rows over the period the selector on / shows (the spec's call is the 30-day one). */
export const useAttribution = (period: StatsPeriod = '30') =>
  usePolledRead(
    period === '30' ? '/api/analytics/attribution' : `/api/analytics/attribution?period=${period}`,
    AttributionRowListSchema,
  );
export const useStockImpact = () => usePolledRead('/api/analytics/stock-impact', StockImpactRowListSchema);
export const useRevenueForecast = () =>
  usePolledRead('/api/analytics/revenue-forecast', RevenueForecastSchema);

export type OpportunityAction = 'implement' | 'dismiss' | 'restore';

/**
 * Implement (spec §4), dismiss or snooze (`until`, a shop day) and restore, the undo of either
 * (issue #36): afterwards the list and the stats are refetched.
 */
export function useOpportunityAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, until }: { id: string; action: OpportunityAction; until?: string }) =>
      requestJson(
        'POST',
        `/api/opportunities/${encodeURIComponent(id)}/${action}`,
        OpportunitySchema,
        action === 'dismiss' ? (until ? { until } : {}) : undefined,
      ),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: OPPORTUNITY_KEYS.list }),
        client.invalidateQueries({ queryKey: OPPORTUNITY_KEYS.statsAll }),
      ]);
    },
  });
}

/** Active = not yet implemented (the badge and the bell count these). */
export function countActiveOpportunities(list: readonly Opportunity[] | undefined): number {
  return (list ?? []).filter((o) => o.status !== 'implemented').length;
}
