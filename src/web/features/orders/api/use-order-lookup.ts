import { OrderLookupResponseSchema } from '@shared/contracts/shopify.ts';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '@web/lib/api-request.ts';

/** GET /api/shopify/order/{orderName}; only runs for a non-blank search (spec §5); no retry (spec §4). */
export function useOrderLookup(orderName: string | null) {
  return useQuery({
    queryKey: ['/api/shopify/order', orderName],
    queryFn: () =>
      getJson(`/api/shopify/order/${encodeURIComponent(orderName ?? '')}`, OrderLookupResponseSchema),
    enabled: orderName !== null && orderName.trim() !== '',
    retry: false,
  });
}
