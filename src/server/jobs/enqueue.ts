import type { Db } from '../db/client.ts';
import type { SyncSource } from '../db/schema/jobs.ts';
import { type EnqueueResult, enqueueJob } from './queue.ts';

/**
 * The enqueue calls other areas use. Concurrency keys make them idempotent: asking for a sync
 * that is already queued or running returns that job instead of adding another.
 */

export const SYNC_JOB_TYPES: Readonly<Record<SyncSource, string>> = {
  shopify: 'sync-shopify',
  ga4: 'sync-ga4',
  meta: 'sync-meta',
};

/** Job type part B registers; queued after every successful sync with `{ workspaceId }`. */
export const ANALYZE_WORKSPACE_JOB = 'analyze-workspace';

export function syncConcurrencyKey(workspaceId: string, source: SyncSource): string {
  return `sync:${source}:${workspaceId}`;
}

export async function enqueueSync(
  db: Db,
  args: { workspaceId: string; source: SyncSource; now: Date; reason: 'connect' | 'schedule' | 'manual' },
): Promise<EnqueueResult> {
  return enqueueJob(db, {
    type: SYNC_JOB_TYPES[args.source],
    workspaceId: args.workspaceId,
    payload: { workspaceId: args.workspaceId, reason: args.reason },
    concurrencyKey: syncConcurrencyKey(args.workspaceId, args.source),
    // Owner-initiated syncs go before scheduled ones.
    priority: args.reason === 'schedule' ? 100 : 50,
    maxAttempts: 6,
    now: args.now,
  });
}

/** Queues the backfill right after credentials are stored and verified (one line in the credential services). */
export async function enqueueBackfill(
  db: Db,
  workspaceId: string,
  source: SyncSource,
  now: Date,
): Promise<void> {
  await enqueueSync(db, { workspaceId, source, now, reason: 'connect' });
}

export async function enqueueAnalyzeWorkspace(
  db: Db,
  workspaceId: string,
  now: Date,
): Promise<EnqueueResult> {
  return enqueueJob(db, {
    type: ANALYZE_WORKSPACE_JOB,
    workspaceId,
    payload: { workspaceId },
    concurrencyKey: `analyze:${workspaceId}`,
    priority: 80,
    maxAttempts: 3,
    now,
  });
}
