import { InsightsResponseSchema } from '@shared/contracts/insights.ts';
import { useQuery } from '@tanstack/react-query';
import { type DateRangeValue, rangeQuery } from '@web/components/date-range.ts';
import { getJson } from '@web/lib/api-request.ts';

/** Insights change only when an analysis run finishes; polling with the other pages keeps them in step. */
const INSIGHTS_POLL_MS = 30_000;

export function useInsights(range: DateRangeValue, enabled: boolean) {
  const query = rangeQuery(range);
  return useQuery({
    queryKey: ['/api/insights', query],
    queryFn: () => getJson(`/api/insights?${query}`, InsightsResponseSchema),
    refetchInterval: INSIGHTS_POLL_MS,
    enabled,
  });
}
