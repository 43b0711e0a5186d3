import {
  type ExperimentInput,
  ExperimentListSchema,
  ExperimentSchema,
  type SampleSizeQuery,
  SampleSizeSchema,
} from '@shared/contracts/experiments.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, requestJson } from '@web/lib/api-request.ts';

const LIST_KEY = ['/api/experiments'] as const;

export function useExperiments() {
  return useQuery({ queryKey: LIST_KEY, queryFn: () => getJson('/api/experiments', ExperimentListSchema) });
}

/** Creates (no id) or replaces (id) an experiment; the list refetches afterwards. */
export function useSaveExperiment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ExperimentInput }) =>
      id === null
        ? requestJson('POST', '/api/experiments', ExperimentSchema, input)
        : requestJson('PUT', `/api/experiments/${encodeURIComponent(id)}`, ExperimentSchema, input),
    onSuccess: () => client.invalidateQueries({ queryKey: LIST_KEY }),
  });
}

export function useDeleteExperiment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/experiments/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: LIST_KEY }),
  });
}

/** The calculator's answer for the current inputs (kept while the next one loads). */
export function useSampleSize(query: Partial<Record<keyof SampleSizeQuery, number>>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && Number.isFinite(value)) params.set(key, String(value));
  const url = `/api/experiments/sample-size?${params}`;
  return useQuery({
    queryKey: [url],
    queryFn: () => getJson(url, SampleSizeSchema),
    placeholderData: (previous) => previous,
    retry: false,
  });
}
