import { type InsightPeriod, InsightsResponseSchema } from '@shared/contracts/insights.ts';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '@web/lib/api-request.ts';

/** Insights change only when an analysis run finishes; polling with the other pages keeps them in step. */
const INSIGHTS_POLL_MS = 30_000;

export function useInsights(period: InsightPeriod) {
  return useQuery({
    queryKey: ['/api/insights', period],
    queryFn: () => getJson(`/api/insights?period=${period}`, InsightsResponseSchema),
    refetchInterval: INSIGHTS_POLL_MS,
  });
}
