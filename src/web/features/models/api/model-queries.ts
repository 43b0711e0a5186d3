import { AnalysisStatusSchema } from '@shared/contracts/analytics.ts';
import { ModelDiagnosticsSchema, ModelRunListSchema } from '@shared/contracts/models.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, requestJson } from '@web/lib/api-request.ts';

const KEYS = {
  diagnostics: ['/api/models/diagnostics'] as const,
  runs: ['/api/models/runs'] as const,
  status: ['/api/analysis/status'] as const,
};

/** The latest run's models; polled every 2 s while its checks are being computed, else every 30 s. */
export function useModelDiagnostics() {
  return useQuery({
    queryKey: KEYS.diagnostics,
    queryFn: () => getJson('/api/models/diagnostics', ModelDiagnosticsSchema),
    refetchInterval: (query) => (query.state.data?.checks?.status === 'computing' ? 2_000 : 30_000),
  });
}

export function useModelRuns() {
  return useQuery({
    queryKey: KEYS.runs,
    queryFn: () => getJson('/api/models/runs', ModelRunListSchema),
    refetchInterval: 30_000,
  });
}

/** "Run analysis": runs now (joining one in progress) and refreshes the models, the history and the status. */
export function useRunAnalysis() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => requestJson('POST', '/api/analysis/run', AnalysisStatusSchema),
    onSettled: async () => {
      await Promise.all(Object.values(KEYS).map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}
