import { CampaignPerformanceSchema } from '@shared/contracts/campaigns.ts';
import { useQuery } from '@tanstack/react-query';
import { type DateRangeValue, rangeQuery } from '@web/components/date-range.ts';
import { getJson } from '@web/lib/api-request.ts';

export type CampaignPeriod = '7' | '30' | '90';

/** Campaign Performance over a range; refreshed with the other dashboards every 30 s. */
export function useCampaignPerformance(range: DateRangeValue, enabled: boolean) {
  const query = rangeQuery(range);
  return useQuery({
    queryKey: ['/api/campaigns', query],
    queryFn: () => getJson(`/api/campaigns?${query}`, CampaignPerformanceSchema),
    refetchInterval: 30_000,
    enabled,
  });
}
