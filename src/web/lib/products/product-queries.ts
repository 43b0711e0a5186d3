import { ProductAffinitySchema } from '@shared/contracts/product-affinity.ts';
import {
  LeadTimeSchema,
  ProductDailySchema,
  ProductPerformanceSchema,
  ProductProfitSchema,
} from '@shared/contracts/products.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, requestJson } from '@web/lib/api-request.ts';

export type ProductPeriod = '7' | '30' | '90';

/** Product Analysis over a period; refreshed with the other dashboards every 30 s. */
export function useProductPerformance(period: ProductPeriod) {
  return useQuery({
    queryKey: ['/api/products/performance', period],
    queryFn: () => getJson(`/api/products/performance?period=${period}`, ProductPerformanceSchema),
    refetchInterval: 30_000,
  });
}

/** One product's daily units and revenue (the detail panel's chart); fetched when a product is open. */
export function useProductDaily(productId: string | null, period: ProductPeriod) {
  return useQuery({
    queryKey: ['/api/products/daily', productId, period],
    queryFn: () =>
      getJson(
        `/api/products/${encodeURIComponent(productId ?? '')}/daily?period=${period}`,
        ProductDailySchema,
      ),
    enabled: productId !== null,
  });
}

/** Gross margin and contribution per product over a range of shop days (GET /api/products/profit); nothing while `enabled` is false. */
export function useProductProfit(range: { from: string; to: string }, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/products/profit', range.from, range.to],
    queryFn: () =>
      getJson(
        `/api/products/profit?${new URLSearchParams({ from: range.from, to: range.to })}`,
        ProductProfitSchema,
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Products bought together and first products over a range of shop days (GET /api/products/affinity). */
export function useProductAffinity(range: { from: string; to: string }, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/products/affinity', range.from, range.to],
    queryFn: () =>
      getJson(
        `/api/products/affinity?${new URLSearchParams({ from: range.from, to: range.to })}`,
        ProductAffinitySchema,
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Sets a product's lead time (null: back to the default); /products and the stock pages refresh. */
export function useSetLeadTime(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (leadTimeDays: number | null) =>
      requestJson('PUT', `/api/products/${encodeURIComponent(productId)}/lead-time`, LeadTimeSchema, {
        leadTimeDays,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/products/performance'] }),
  });
}
