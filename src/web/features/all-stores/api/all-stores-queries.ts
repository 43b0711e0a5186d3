import {
  type AllStoresDashboard,
  AllStoresDashboardSchema,
  type AllStoresProducts,
  AllStoresProductsSchema,
  type AllStoresProfit,
  AllStoresProfitSchema,
} from '@shared/contracts/all-stores.ts';
import {
  type ExchangeRateStatus,
  ExchangeRateStatusSchema,
  type ManualRateBody,
} from '@shared/contracts/exchange-rates.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, requestJson } from '@web/lib/api-request.ts';
import { STORES_QUERY_KEY } from '@web/lib/stores/store-queries.ts';

const ALL_STORES = '/api/all-stores';
const RATES_URL = '/api/exchange-rates';

export function useAllStoresDashboard(periodDays: number) {
  const url = `${ALL_STORES}/dashboard?periodDays=${periodDays}`;
  return useQuery<AllStoresDashboard>({
    queryKey: [url],
    queryFn: () => getJson(url, AllStoresDashboardSchema),
  });
}

/** `enabled` false (the shop's day not known yet) asks for nothing. */
export function useAllStoresProfit(from: string, to: string, enabled: boolean) {
  const url = `${ALL_STORES}/profit?from=${from}&to=${to}`;
  return useQuery<AllStoresProfit>({
    queryKey: [url],
    queryFn: () => getJson(url, AllStoresProfitSchema),
    enabled,
  });
}

export function useAllStoresProducts(period: string) {
  const url = `${ALL_STORES}/products?period=${period}`;
  return useQuery<AllStoresProducts>({
    queryKey: [url],
    queryFn: () => getJson(url, AllStoresProductsSchema),
  });
}

export function useExchangeRates() {
  return useQuery<ExchangeRateStatus>({
    queryKey: [RATES_URL],
    queryFn: () => getJson(RATES_URL, ExchangeRateStatusSchema),
  });
}

/** After a rate or the reporting currency changes, every All-stores answer and the rates are read again. */
function useRefreshAll() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (query) => {
        const key = String(query.queryKey[0] ?? '');
        return key.startsWith(ALL_STORES) || key === RATES_URL || key === STORES_QUERY_KEY[0];
      },
    });
}

export function useEnterRate() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (body: ManualRateBody) => requestJson('POST', RATES_URL, ExchangeRateStatusSchema, body),
    onSuccess: refresh,
  });
}

export function useFetchRates() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: () => requestJson('POST', `${RATES_URL}/fetch`, ExchangeRateStatusSchema),
    // A failed fetch is recorded too: the status shows its error.
    onSettled: refresh,
  });
}

export function useSetReportingCurrency() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (reportingCurrency: string) => apiRequest('PATCH', '/api/workspace', { reportingCurrency }),
    onSuccess: refresh,
  });
}
