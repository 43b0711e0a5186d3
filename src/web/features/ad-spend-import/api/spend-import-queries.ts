import {
  type ManualSpendLineInput,
  ManualSpendLineSchema,
  ManualSpendLinesResponseSchema,
  type SpendImportResponse,
  SpendImportResponseSchema,
  SpendSheetSchema,
  SpendSheetsResponseSchema,
} from '@shared/contracts/ad-spend-import.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, requestJson, throwIfResponseNotOk } from '@web/lib/api-request.ts';
import { z } from 'zod';

/**
 * The spend imports' API (issue #39 step 4): the CSV upload with its preview, published sheets
 * and manual cost lines. After a write, the spend and profit reads refetch.
 */

const LINES = '/api/ad-spend/manual-lines';
const SHEETS = '/api/ad-spend/sheets';
const Ok = z.object({ ok: z.literal(true) });

function useInvalidateSpend() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (query) => {
        const key = String(query.queryKey[0]);
        return (
          key.startsWith('/api/ad-spend') || key.startsWith('/api/profit') || key.startsWith('/api/dashboard')
        );
      },
    });
}

/** Uploads the CSV text; `dryRun` answers the preview without writing. A refused file throws its message. */
export function useUploadSpendCsv() {
  const invalidate = useInvalidateSpend();
  return useMutation({
    mutationFn: async ({ csv, dryRun }: { csv: string; dryRun: boolean }): Promise<SpendImportResponse> => {
      const response = await fetch(`/api/ad-spend/import?dryRun=${dryRun}`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'text/csv' },
        body: csv,
      });
      await throwIfResponseNotOk(response);
      return SpendImportResponseSchema.parse(await response.json());
    },
    onSuccess: (_, { dryRun }) => {
      if (!dryRun) void invalidate();
    },
  });
}

export function useManualSpendLines() {
  return useQuery({ queryKey: [LINES], queryFn: () => getJson(LINES, ManualSpendLinesResponseSchema) });
}

export function useSaveManualSpendLine() {
  const invalidate = useInvalidateSpend();
  return useMutation({
    mutationFn: ({ id, line }: { id: string | null; line: ManualSpendLineInput }) =>
      id === null
        ? requestJson('POST', LINES, ManualSpendLineSchema, line)
        : requestJson('PUT', `${LINES}/${id}`, ManualSpendLineSchema, line),
    onSuccess: invalidate,
  });
}

export function useDeleteManualSpendLine() {
  const invalidate = useInvalidateSpend();
  return useMutation({
    mutationFn: (id: string) => requestJson('DELETE', `${LINES}/${id}`, Ok),
    onSuccess: invalidate,
  });
}

export function useSpendSheets() {
  return useQuery({ queryKey: [SHEETS], queryFn: () => getJson(SHEETS, SpendSheetsResponseSchema) });
}

export function useAddSpendSheet() {
  const invalidate = useInvalidateSpend();
  return useMutation({
    mutationFn: (url: string) => requestJson('POST', SHEETS, SpendSheetSchema, { url }),
    onSuccess: invalidate,
  });
}

export function useFetchSpendSheet() {
  const invalidate = useInvalidateSpend();
  return useMutation({
    mutationFn: (id: string) => requestJson('POST', `${SHEETS}/${id}/fetch`, SpendSheetSchema),
    onSuccess: invalidate,
  });
}

export function useDeleteSpendSheet() {
  const invalidate = useInvalidateSpend();
  return useMutation({
    mutationFn: (id: string) => requestJson('DELETE', `${SHEETS}/${id}`, Ok),
    onSuccess: invalidate,
  });
}
