import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type SyncQuota, type SyncSource, syncStates } from '../../db/schema/jobs.ts';

/**
 * Reads and writes `sync_states`: one row per (workspace, source) holding the resumable cursor
 * and the figures of the data-freshness panel. The cursor is written in the same transaction as
 * the page of rows it covers, so a crash can neither skip nor double-count a page.
 */

export type SyncCursor = Record<string, unknown>;

export interface SyncStateRow {
  source: SyncSource;
  cursor: SyncCursor;
  status: 'never' | 'running' | 'succeeded' | 'failed';
  lastStartedAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  lastRunRows: number;
  dataThrough: Date | null;
  backfillCompletedAt: Date | null;
  quota: SyncQuota | null;
}

export async function readSyncState(
  db: Db,
  workspaceId: string,
  source: SyncSource,
): Promise<SyncStateRow | null> {
  const [row] = await db
    .select()
    .from(syncStates)
    .where(and(eq(syncStates.workspaceId, workspaceId), eq(syncStates.source, source)))
    .limit(1);
  return row ?? null;
}

export async function listSyncStates(db: Db, workspaceId: string): Promise<SyncStateRow[]> {
  return db.select().from(syncStates).where(eq(syncStates.workspaceId, workspaceId));
}

export async function markSyncStarted(
  db: Db,
  workspaceId: string,
  source: SyncSource,
  now: Date,
): Promise<SyncCursor> {
  const [row] = await db
    .insert(syncStates)
    .values({ workspaceId, source, status: 'running', lastStartedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [syncStates.workspaceId, syncStates.source],
      set: { status: 'running', lastStartedAt: now, updatedAt: now },
    })
    .returning({ cursor: syncStates.cursor });
  return row?.cursor ?? {};
}

/** Merges `patch` into the stored cursor (top-level keys). */
export async function saveSyncCursor(
  db: Db,
  workspaceId: string,
  source: SyncSource,
  patch: SyncCursor,
  now: Date,
): Promise<void> {
  await db
    .update(syncStates)
    .set({ cursor: sql`${syncStates.cursor} || ${JSON.stringify(patch)}::jsonb`, updatedAt: now })
    .where(and(eq(syncStates.workspaceId, workspaceId), eq(syncStates.source, source)));
}

export async function saveSyncQuota(
  db: Db,
  workspaceId: string,
  source: SyncSource,
  quota: SyncQuota,
  now: Date,
): Promise<void> {
  await db
    .update(syncStates)
    .set({ quota, updatedAt: now })
    .where(and(eq(syncStates.workspaceId, workspaceId), eq(syncStates.source, source)));
}

export async function markSyncSucceeded(
  db: Db,
  workspaceId: string,
  source: SyncSource,
  args: { now: Date; rows: number; dataThrough: Date | null; backfillCompleted: boolean },
): Promise<void> {
  await db
    .update(syncStates)
    .set({
      status: 'succeeded',
      lastSuccessAt: args.now,
      lastError: null,
      lastErrorAt: null,
      lastRunRows: args.rows,
      ...(args.dataThrough ? { dataThrough: args.dataThrough } : {}),
      ...(args.backfillCompleted
        ? {
            backfillCompletedAt: sql`COALESCE(${syncStates.backfillCompletedAt}, ${args.now.toISOString()}::timestamptz)`,
          }
        : {}),
      updatedAt: args.now,
    })
    .where(and(eq(syncStates.workspaceId, workspaceId), eq(syncStates.source, source)));
}

/** Records a failure; the warehouse rows and the cursor stay as they were (last good data kept). */
export async function markSyncFailed(
  db: Db,
  workspaceId: string,
  source: SyncSource,
  args: { now: Date; error: string; rows: number },
): Promise<void> {
  await db
    .update(syncStates)
    .set({
      status: 'failed',
      lastError: args.error,
      lastErrorAt: args.now,
      lastRunRows: args.rows,
      updatedAt: args.now,
    })
    .where(and(eq(syncStates.workspaceId, workspaceId), eq(syncStates.source, source)));
}
