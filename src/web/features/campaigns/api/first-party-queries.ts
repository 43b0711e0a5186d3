import {
  type FirstPartyAttribution,
  FirstPartyAttributionSchema,
  FirstPartyHealthSchema,
} from '@shared/contracts/first-party.ts';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '@web/lib/api-request.ts';

/**
 * The first-party attribution rate of the period's shop days, the page's own window (issue 16);
 * refreshed every minute, and every 5 s while orders are being joined (`updating`).
 */
export function useFirstPartyHealth(period: '7' | '30' | '90') {
  return useQuery({
    queryKey: ['/api/attribution/first-party/health', period],
    queryFn: () => getJson(`/api/attribution/first-party/health?period=${period}`, FirstPartyHealthSchema),
    refetchInterval: (query) => (query.state.data?.updating ? 5_000 : 60_000),
  });
}

/** The chosen attribution model over first-party journeys of the period, beside the store's, GA4's and Meta's figures. */
export function useFirstPartyAttribution(period: '7' | '30' | '90', model: FirstPartyAttribution['model']) {
  return useQuery({
    queryKey: ['/api/attribution/first-party', period, model],
    queryFn: () =>
      getJson(`/api/attribution/first-party?period=${period}&model=${model}`, FirstPartyAttributionSchema),
    refetchInterval: 60_000,
  });
}
