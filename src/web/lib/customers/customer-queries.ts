import {
  CohortProfitSchema,
  type CustomerListQuery,
  CustomerListSchema,
  CustomersSummarySchema,
} from '@shared/contracts/customers.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getJson } from '@web/lib/api-request.ts';
import { OPPORTUNITY_POLL_MS } from '@web/lib/opportunities/opportunity-queries.ts';
import { customerListUrl } from './format-customers.ts';

/** Segments, churn, CLV and the model fit of the latest analysis; polled so a new run shows. */
export function useCustomersSummary() {
  return useQuery({
    queryKey: ['/api/customers/summary'],
    queryFn: () => getJson('/api/customers/summary', CustomersSummarySchema),
    refetchInterval: OPPORTUNITY_POLL_MS,
  });
}

/** One page of customers; the previous page stays on screen while the next one loads. */
export function useCustomerList(query: CustomerListQuery) {
  const url = customerListUrl(query);
  return useQuery({
    queryKey: ['/api/customers', url],
    queryFn: () => getJson(url, CustomerListSchema),
    placeholderData: keepPreviousData,
  });
}

/** Lifetime value in contribution margin per acquisition cohort and first channel (warehouse, all time). */
export function useCohortProfit() {
  return useQuery({
    queryKey: ['/api/customers/cohort-profit'],
    queryFn: () => getJson('/api/customers/cohort-profit', CohortProfitSchema),
  });
}
