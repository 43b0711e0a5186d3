import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SyncQuota } from '../../../shared/contracts/sync.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { type SyncSource, syncStates } from '../../db/schema/jobs.ts';

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
  rowCounts: Record<string, number>;
}

/** The warehouse tables each source fills (for the row counts of the freshness panel). */
export const SOURCE_TABLES: Readonly<Record<SyncSource, readonly string[]>> = {
  shopify: [
    'wh_orders',
    'wh_order_line_items',
    'wh_refunds',
    'wh_journey_touchpoints',
    'wh_customers',
    'wh_products',
    'wh_variants',
    'wh_inventory_snapshots',
  ],
  ga4: ['wh_ga4_daily_channels', 'wh_ga4_daily_pages', 'wh_ga4_daily_campaigns'],
  meta: ['wh_meta_campaigns', 'wh_meta_daily_insights'],
  google_ads: ['wh_ad_platform_daily'],
  tiktok_ads: ['wh_ad_platform_daily'],
};

const CountSourceRow = z.object({ n: z.union([z.number(), z.string()]) });

async function countSourceRows(
  db: Db,
  workspaceId: string,
  source: SyncSource,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of SOURCE_TABLES[source]) {
    const [row] = await queryRows(
      db,
      CountSourceRow,
      // The ad platforms share one table: each counts its own rows.
      table === 'wh_ad_platform_daily'
        ? sql`SELECT count(*) AS n FROM wh_ad_platform_daily WHERE workspace_id = ${workspaceId} AND platform = ${source}`
        : sql`SELECT count(*) AS n FROM ${sql.raw(table)} WHERE workspace_id = ${workspaceId}`,
    );
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
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
  const rowCounts = await countSourceRows(db, workspaceId, source);
  await db
    .update(syncStates)
    .set({
      status: 'succeeded',
      lastSuccessAt: args.now,
      lastError: null,
      lastErrorAt: null,
      lastRunRows: args.rows,
      rowCounts,
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
