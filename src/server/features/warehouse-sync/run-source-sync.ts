import { sql } from 'drizzle-orm';
import type { SyncQuota } from '../../../shared/contracts/sync.ts';
import type { Db } from '../../db/client.ts';
import type { SyncSource } from '../../db/schema/jobs.ts';
import {
  markSyncFailed,
  markSyncStarted,
  markSyncSucceeded,
  type SyncCursor,
  saveSyncCursor,
  saveSyncQuota,
} from '../../domain/sync/sync-state.ts';
import type { AppDeps } from '../../http/deps.ts';
import { analyzeWorkspaceJob } from '../../jobs/definitions/analyze-workspace.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { describeJobError } from '../../jobs/job-error.ts';
import { refreshWarehouseStatistics, STATISTICS_REFRESH_ROWS } from './warehouse-statistics.ts';

/**
 * What a source's sync body works with: the stored cursor, a way to commit a page of rows
 * together with the cursor that follows it, counters for the freshness panel, and the clock.
 */
export interface SyncSession {
  deps: AppDeps;
  workspaceId: string;
  source: SyncSource;
  /** The cursor as stored when the run started (resumable position). */
  cursor: SyncCursor;
  signal: AbortSignal;
  now(): Date;
  /**
   * Runs `write` and saves `cursorPatch` in one transaction: the page and its cursor land
   * together or not at all. Returns the rows `write` reports. With `after` (the previous page's
   * commit), the rows are written at once but the cursor is saved and committed only once that
   * page has committed, so two pages can be written concurrently and still land in order (a
   * failed earlier page rolls this one back).
   */
  commitPage(
    write: (db: Db) => Promise<number>,
    cursorPatch: SyncCursor,
    options?: { after?: Promise<unknown> | undefined },
  ): Promise<number>;
  recordQuota(quota: SyncQuota): void;
  throwIfAborted(): void;
}

export interface SyncOutcome {
  /** Newest upstream moment the warehouse is complete through. */
  dataThrough: Date | null;
  backfillCompleted: boolean;
}

/**
 * Wraps one source's sync: marks it running, hands the body a session, then records success
 * (and queues the workspace's analysis) or the failure (keeping the data and cursor in place,
 * so the retry resumes and the panel shows the error). Rethrows so the queue can retry.
 */
export async function runSourceSync(
  deps: AppDeps,
  args: { workspaceId: string; source: SyncSource; signal: AbortSignal },
  body: (session: SyncSession) => Promise<SyncOutcome>,
): Promise<Record<string, unknown>> {
  const { workspaceId, source, signal } = args;
  const cursor = await markSyncStarted(deps.db, workspaceId, source, deps.clock());
  let rows = 0;
  let latestQuota: SyncQuota | undefined;
  const session: SyncSession = {
    deps,
    workspaceId,
    source,
    cursor,
    signal,
    now: deps.clock,
    async commitPage(write, cursorPatch, options) {
      const written = await deps.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        // A page and its cursor commit together, so a commit lost in a database crash is simply
        // read again on resume: no need to wait for the WAL flush (hundreds of pages per backfill).
        await db.execute(sql`SET LOCAL synchronous_commit = off`);
        const count = await write(db);
        await options?.after;
        await saveSyncCursor(db, workspaceId, source, cursorPatch, deps.clock());
        return count;
      });
      rows += written;
      return written;
    },
    recordQuota(quota) {
      latestQuota = quota;
    },
    throwIfAborted() {
      if (signal.aborted) throw new Error('The sync was interrupted by a server shutdown; it will resume.');
    },
  };
  try {
    const outcome = await body(session);
    if (latestQuota) await saveSyncQuota(deps.db, workspaceId, source, latestQuota, deps.clock());
    await markSyncSucceeded(deps.db, workspaceId, source, {
      now: deps.clock(),
      rows,
      dataThrough: outcome.dataThrough,
      backfillCompleted: outcome.backfillCompleted,
    });
    // The analysis queued next reads these tables whole: plan it on fresh statistics.
    if (rows >= STATISTICS_REFRESH_ROWS) await refreshWarehouseStatistics(deps.db);
    await enqueue(deps.db, analyzeWorkspaceJob, { workspaceId }, { now: deps.clock() });
    return { rows, dataThrough: outcome.dataThrough?.toISOString() ?? null };
  } catch (error) {
    if (latestQuota)
      await saveSyncQuota(deps.db, workspaceId, source, latestQuota, deps.clock()).catch((e: unknown) =>
        deps.log.error({ err: e, workspaceId, source }, 'saving the sync quota failed'),
      );
    await markSyncFailed(deps.db, workspaceId, source, {
      now: deps.clock(),
      error: describeJobError(error),
      rows,
    }).catch((e: unknown) =>
      deps.log.error({ err: e, workspaceId, source }, 'marking the sync failed failed'),
    );
    throw error;
  }
}
