import { type ProfitGranularity, ProfitReportSchema } from '@shared/contracts/profit.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DateRangeCompare } from '@web/components/date-range.ts';
import { getJson } from '@web/lib/api-request.ts';

export interface ProfitRequest {
  from: string;
  to: string;
  granularity: ProfitGranularity;
  compare: DateRangeCompare;
}

/**
 * The P&L of a range (GET /api/profit); the last answer stays on screen while the next loads.
 * `enabled` false (the shop's day not known yet) asks for nothing.
 */
export function useProfitReport(request: ProfitRequest, enabled: boolean) {
  const params = new URLSearchParams({
    from: request.from,
    to: request.to,
    granularity: request.granularity,
  });
  if (request.compare !== 'none') params.set('compare', request.compare);
  return useQuery({
    queryKey: ['/api/profit', request],
    queryFn: () => getJson(`/api/profit?${params}`, ProfitReportSchema),
    placeholderData: keepPreviousData,
    enabled,
  });
}
