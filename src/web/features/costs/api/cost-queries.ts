import {
  CostLedgerResponseSchema,
  CostSettingsResponseSchema,
  CsvImportResponseSchema,
  type CsvRejected,
  CsvRejectedSchema,
  type ExpenseInputSchema,
  type FeeRulesInputSchema,
  RecalculationSchema,
  type ShippingProfilesInputSchema,
} from '@shared/contracts/costs.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jsonOrUndefined } from '@web/lib/api-error.ts';
import { apiRequest, getJson, requestJson } from '@web/lib/api-request.ts';
import { z } from 'zod';

const SETTINGS_KEY = ['/api/costs/settings'] as const;

export function useCostLedger(page: number, q: string) {
  const url = `/api/costs/ledger?${new URLSearchParams({ page: String(page), ...(q ? { q } : {}) })}`;
  return useQuery({
    queryKey: [url],
    queryFn: () => getJson(url, CostLedgerResponseSchema),
    placeholderData: (p) => p,
  });
}

/** Settings and recalculations; polls every second while a recalculation runs. */
export function useCostSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => getJson('/api/costs/settings', CostSettingsResponseSchema),
    refetchInterval: (query) =>
      query.state.data?.recalculations.some((run) => run.status === 'pending' || run.status === 'running')
        ? 1000
        : false,
  });
}

/** After a cost edit: the costs reads and every profit report (their figures may have moved). */
function useInvalidateCosts() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (query) => {
        const key = String(query.queryKey[0]);
        return key.startsWith('/api/costs') || key.startsWith('/api/profit');
      },
    });
}

const Ok = z.object({ ok: z.literal(true) });

export function useEnterCost() {
  const invalidate = useInvalidateCosts();
  return useMutation({
    mutationFn: (input: { variantId: string; cost: string; effectiveFrom: string }) =>
      requestJson('POST', '/api/costs/entries', Ok, input),
    onSuccess: invalidate,
  });
}

export type CsvOutcome =
  | { ok: true; result: z.infer<typeof CsvImportResponseSchema> }
  | { ok: false; rejected: CsvRejected };

/** Uploads a CSV file as text/csv; a refused file answers its row errors instead of throwing. */
export function useImportCsv(path: '/api/costs/import' | '/api/costs/shipping-import') {
  const invalidate = useInvalidateCosts();
  return useMutation({
    mutationFn: async (file: File): Promise<CsvOutcome> => {
      const response = await fetch(`${path}?${new URLSearchParams({ fileName: file.name.slice(0, 200) })}`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'text/csv' },
        body: await file.text(),
      });
      if (!response.ok) {
        const text = await response.text();
        if (response.status === 400) {
          const rejected = CsvRejectedSchema.safeParse(jsonOrUndefined(text));
          if (rejected.success) return { ok: false, rejected: rejected.data };
        }
        await apiRequest('GET', '/api/costs/settings'); // surfaces a signed-out session as usual
        throw new Error(`The import failed (${response.status}): ${text}`);
      }
      return { ok: true, result: CsvImportResponseSchema.parse(await response.json()) };
    },
    onSuccess: invalidate,
  });
}

export function useSetDefaultMargin() {
  const invalidate = useInvalidateCosts();
  return useMutation({
    mutationFn: (defaultMarginPercent: string | null) =>
      requestJson('PUT', '/api/costs/default-margin', Ok, {
        defaultMarginPercent,
      }),
    onSuccess: invalidate,
  });
}

export function useSaveFeeRules() {
  const invalidate = useInvalidateCosts();
  return useMutation({
    mutationFn: (rules: z.input<typeof FeeRulesInputSchema>['rules']) =>
      requestJson('PUT', '/api/costs/fee-rules', Ok, { rules }),
    onSuccess: invalidate,
  });
}

export function useSaveShippingProfiles() {
  const invalidate = useInvalidateCosts();
  return useMutation({
    mutationFn: (profiles: z.input<typeof ShippingProfilesInputSchema>['profiles']) =>
      requestJson('PUT', '/api/costs/shipping-profiles', Ok, { profiles }),
    onSuccess: invalidate,
  });
}

export type ExpenseInput = z.input<typeof ExpenseInputSchema>;

/** Adds an expense (no id) or replaces the one with `id`. */
export function useSaveExpense() {
  const invalidate = useInvalidateCosts();
  return useMutation({
    mutationFn: async ({ id, expense }: { id: string | null; expense: ExpenseInput }): Promise<void> => {
      if (id === null)
        await requestJson('POST', '/api/costs/expenses', z.object({ id: z.string() }), expense);
      else await requestJson('PUT', `/api/costs/expenses/${encodeURIComponent(id)}`, Ok, expense);
    },
    onSuccess: invalidate,
  });
}

export function useDeleteExpense() {
  const invalidate = useInvalidateCosts();
  return useMutation({
    mutationFn: (id: string) => requestJson('DELETE', `/api/costs/expenses/${encodeURIComponent(id)}`, Ok),
    onSuccess: invalidate,
  });
}

export function useStartRecalculation() {
  const invalidate = useInvalidateCosts();
  return useMutation({
    mutationFn: (range: { from: string; to: string }) =>
      requestJson('POST', '/api/costs/recalculations', RecalculationSchema, range),
    onSuccess: invalidate,
  });
}
