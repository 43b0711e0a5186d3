import { SYNC_SOURCE_LABELS, SYNC_SOURCES, type SyncStatusResponse } from '../../../shared/contracts/sync.ts';
import type { Db } from '../../db/client.ts';
import { listCredentialSummaries } from '../../vault/credential-store.ts';
import { assessConnectionHealth } from './assess-connection-health.ts';
import { readDeliveryState } from './delivery-mode.ts';
import { listJobsForStatus } from './status-jobs.ts';
import { listSyncStates } from './sync-run.ts';

/**
 * GET /api/sync/status: per source, the figures of the data-freshness panel and the source's
 * health ({@link assessConnectionHealth}: failures and schedule overruns), scoped to the caller's
 * workspace. Reads only small tables (sync_states, live jobs, credentials).
 */
export async function readSyncStatus(
  db: Db,
  workspaceId: string,
  now: Date,
  intervalMinutes: number,
): Promise<SyncStatusResponse> {
  const [states, jobs, credentials, shopifyDelivery] = await Promise.all([
    listSyncStates(db, workspaceId),
    listJobsForStatus(db, workspaceId),
    listCredentialSummaries(db, workspaceId),
    readDeliveryState(db, workspaceId),
  ]);
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return {
    intervalMinutes,
    checkedAt: now.toISOString(),
    sources: SYNC_SOURCES.map((source) => {
      const state = states.find((row) => row.source === source);
      const live = jobs.filter((job) => job.source === source);
      const running = live.some((job) => job.status === 'running');
      const pending = live.find((job) => job.status === 'pending');
      const rowsByTable = state?.rowCounts ?? {};
      const credential = credentials.find((c) => c.provider === source);
      const { overdue, ...health } = assessConnectionHealth({
        source,
        credential,
        state,
        busy: running || pending !== undefined,
        nextAttemptAt: pending?.runAt ?? null,
        now,
        intervalMinutes,
      });
      return {
        source,
        label: SYNC_SOURCE_LABELS[source],
        connected: credential !== undefined,
        state: running
          ? 'running'
          : pending
            ? 'queued'
            : state?.status === 'succeeded' || state?.status === 'failed'
              ? state.status
              : 'never',
        lastSyncAt: iso(state?.lastSuccessAt ?? null),
        lastAttemptAt: iso(state?.lastStartedAt ?? null),
        rows: Object.values(rowsByTable).reduce((sum, value) => sum + value, 0),
        rowsByTable,
        lastRunRows: state?.lastRunRows ?? 0,
        lagSeconds: state?.dataThrough
          ? Math.max(0, Math.round((now.getTime() - state.dataThrough.getTime()) / 1000))
          : null,
        quota: state?.quota ?? null,
        lastError: state?.lastError ?? null,
        lastErrorAt: iso(state?.lastErrorAt ?? null),
        running,
        queued: pending !== undefined,
        nextAttemptAt: pending ? pending.runAt.toISOString() : null,
        backfillCompletedAt: iso(state?.backfillCompletedAt ?? null),
        overdue,
        health,
        delivery:
          source === 'shopify'
            ? { mode: shopifyDelivery.mode, reason: shopifyDelivery.reason }
            : {
                mode: 'polling' as const,
                reason: `${SYNC_SOURCE_LABELS[source]} has no push notifications; Upside syncs it every ${intervalMinutes} minutes.`,
              },
      };
    }),
  };
}
