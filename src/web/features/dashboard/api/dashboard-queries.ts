import { RevenueForecastSchema } from '@shared/contracts/analytics.ts';
import { DashboardKpisSchema } from '@shared/contracts/dashboard.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DateRangeValue, rangeQuery } from '@web/components/date-range.ts';
import { getJson, requestJson } from '@web/lib/api-request.ts';
import { OPPORTUNITY_POLL_MS } from '@web/lib/opportunities/opportunity-queries.ts';

/** The Dashboard's KPIs for a range; polled like the other analytics reads, so a new sync shows. */
export function useDashboardKpis(range: DateRangeValue, enabled: boolean) {
  const query = rangeQuery(range);
  return useQuery({
    queryKey: ['/api/dashboard/kpis', query],
    queryFn: () => getJson(`/api/dashboard/kpis?${query}`, DashboardKpisSchema),
    refetchInterval: OPPORTUNITY_POLL_MS,
    enabled,
  });
}

/**
 * Confirms (`closed` true) or withdraws an owner's closure of a forecast day; the answer is the
 * recomputed forecast, put straight into the forecast read so the chart changes at once.
 */
export function useSetForecastClosure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ date, closed }: { date: string; closed: boolean }) =>
      requestJson(
        closed ? 'PUT' : 'DELETE',
        `/api/analytics/forecast-closures/${encodeURIComponent(date)}`,
        RevenueForecastSchema,
      ),
    onSuccess: (forecast) => client.setQueryData(['/api/analytics/revenue-forecast'], forecast),
  });
}
