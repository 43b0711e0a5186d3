import { FirstPartyHealthSchema } from '@shared/contracts/first-party.ts';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '@web/lib/api-request.ts';

/** The first-party attribution rate of the last 30 shop days (issue 16); refreshed every minute. */
export function useFirstPartyHealth() {
  return useQuery({
    queryKey: ['/api/attribution/first-party/health'],
    queryFn: () => getJson('/api/attribution/first-party/health', FirstPartyHealthSchema),
    refetchInterval: 60_000,
  });
}
