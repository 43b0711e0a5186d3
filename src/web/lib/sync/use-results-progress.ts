import type { AnalysisStatus } from '@shared/contracts/analytics.ts';
import { AnalysisStatusSchema } from '@shared/contracts/analytics.ts';
import type { SyncStatusResponse } from '@shared/contracts/sync.ts';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '@web/lib/api-request.ts';
import { useSyncStatus } from './use-sync-status.ts';

export const analysisStatusKey = ['/api/analysis/status'] as const;

/** Where fresh results stand: syncing the connected sources, analysing what they brought, ready. */
export type ResultsPhase = 'idle' | 'syncing' | 'analysing' | 'ready';

/** Poll interval while something runs: results show within a couple of seconds of existing. */
const BUSY_POLL_MS = 1_500;
const IDLE_POLL_MS = 30_000;

/**
 * The phase of the workspace's results from the sync and analysis status: 'syncing' while a
 * connected source's sync runs or waits, 'analysing' until an analysis has started after the
 * newest sync and finished, else 'ready' ('idle' with nothing connected or nothing synced). `signature` changes
 * whenever new results exist (a sync or an analysis finished), for whoever refreshes the pages.
 */
export function phaseOf(
  sync: SyncStatusResponse | undefined,
  analysis: AnalysisStatus | undefined,
): { phase: ResultsPhase; signature: string | null } {
  if (!sync || !analysis) return { phase: 'idle', signature: null };
  const connected = sync.sources.filter((s) => s.connected);
  const signature = [...sync.sources.map((s) => s.lastSyncAt ?? '-'), analysis.lastSucceededAt ?? '-'].join(
    '|',
  );
  if (connected.length === 0) return { phase: 'idle', signature };
  if (connected.some((s) => s.running || s.queued)) return { phase: 'syncing', signature };
  const newestSync = connected.reduce(
    (max, s) => (s.lastSyncAt && s.lastSyncAt > max ? s.lastSyncAt : max),
    '',
  );
  // Nothing synced and nothing on the way (e.g. every test failed): no results to wait for.
  if (newestSync === '') return { phase: 'idle', signature };
  const run = analysis.lastRun;
  const analysed = run !== null && run.startedAt >= newestSync && run.status !== 'running';
  if (analysis.running || !analysed) return { phase: 'analysing', signature };
  return { phase: 'ready', signature };
}

/** The results phase, polling fast while a sync or an analysis is under way. */
export function useResultsProgress() {
  const sync = useSyncStatus();
  const analysis = useQuery({
    queryKey: analysisStatusKey,
    queryFn: () => getJson('/api/analysis/status', AnalysisStatusSchema),
    refetchInterval: (query) => {
      const { phase } = phaseOf(sync.data, query.state.data);
      return phase === 'syncing' || phase === 'analysing' ? BUSY_POLL_MS : IDLE_POLL_MS;
    },
  });
  return phaseOf(sync.data, analysis.data);
}
