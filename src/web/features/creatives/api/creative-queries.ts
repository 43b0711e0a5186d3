import { CreativeDailySchema, CreativesSchema } from '@shared/contracts/creatives.ts';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '@web/lib/api-request.ts';

/** GET /api/creatives?period=N: every synced ad with its figures and fatigue verdict. */
export function useCreatives(period: string) {
  const url = `/api/creatives?period=${period}`;
  return useQuery({ queryKey: [url], queryFn: () => getJson(url, CreativesSchema) });
}

/** GET /api/creatives/:adId/daily?period=N: one ad's days (off until an ad is chosen). */
export function useCreativeDaily(adId: string, period: string) {
  const url = `/api/creatives/${encodeURIComponent(adId)}/daily?period=${period}`;
  return useQuery({
    queryKey: [url],
    queryFn: () => getJson(url, CreativeDailySchema),
    enabled: adId !== '',
  });
}
