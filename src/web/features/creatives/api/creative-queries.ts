import { CreativeDailySchema, type CreativePlatform, CreativesSchema } from '@shared/contracts/creatives.ts';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '@web/lib/api-request.ts';

/** GET /api/creatives?period=N: every synced ad with its figures and fatigue verdict. */
export function useCreatives(period: string) {
  const url = `/api/creatives?period=${period}`;
  return useQuery({ queryKey: [url], queryFn: () => getJson(url, CreativesSchema) });
}

/** An ad as the compare picker names it: platform and id (ids of two platforms may collide). */
export const adChoiceOf = (row: { platform: CreativePlatform; adId: string }) =>
  `${row.platform}|${row.adId}`;

/** GET /api/creatives/:adId/daily?platform&period=N: one ad's days (off until an ad is chosen). */
export function useCreativeDaily(choice: string, period: string) {
  const [platform = '', adId = ''] = choice.split('|');
  const url = `/api/creatives/${encodeURIComponent(adId)}/daily?platform=${platform}&period=${period}`;
  return useQuery({
    queryKey: [url],
    queryFn: () => getJson(url, CreativeDailySchema),
    enabled: choice !== '',
  });
}
