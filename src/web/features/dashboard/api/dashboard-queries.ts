import { DashboardKpisSchema, type DashboardPeriod } from '@shared/contracts/dashboard.ts';
import { useQuery } from '@tanstack/react-query';
import { OPPORTUNITY_POLL_MS } from '@web/features/opportunities/api/opportunity-queries.ts';
import { getJson } from '@web/lib/api-request.ts';

/** The Dashboard's KPIs for a period; polled like the other analytics reads, so a new sync shows. */
export function useDashboardKpis(period: DashboardPeriod) {
  return useQuery({
    queryKey: ['/api/dashboard/kpis', period],
    queryFn: () => getJson(`/api/dashboard/kpis?period=${period}`, DashboardKpisSchema),
    refetchInterval: OPPORTUNITY_POLL_MS,
  });
}
