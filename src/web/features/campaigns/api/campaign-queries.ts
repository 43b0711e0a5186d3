import { CampaignPerformanceSchema } from '@shared/contracts/campaigns.ts';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '@web/lib/api-request.ts';

export type CampaignPeriod = '7' | '30' | '90';

/** Campaign Performance over a period; refreshed with the other dashboards every 30 s. */
export function useCampaignPerformance(period: CampaignPeriod) {
  return useQuery({
    queryKey: ['/api/campaigns', period],
    queryFn: () => getJson(`/api/campaigns?period=${period}`, CampaignPerformanceSchema),
    refetchInterval: 30_000,
  });
}
