import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SyncQuota } from '../../../shared/contracts/sync.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { type SyncSource, syncStates } from '../../db/schema/jobs.ts';
import type { AppDeps } from '../../http/deps.ts';
import { catalogue, enqueue } from '../../jobs/catalogue.ts';
import { describeJobError } from '../../jobs/job-error.ts';

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

/** Rows a sync must write before the planner's statistics are refreshed (a backfill, a big catch-up). */
export const STATISTICS_REFRESH_ROWS = 1_000;

const TableRow = z.object({ name: z.string() });

/**
 * Refreshes PostgreSQL's planner statistics of the warehouse tables (ANALYZE samples ~30k rows of
 * each: about a second at 1M orders). Without them, right after a backfill, the planner guesses
 * row counts and reading the analysis facts took 20.4 s instead of 8.7 s at 1M orders (autovacuum,
 * which would analyze on its own, is off on some servers, this project's machines included).
 */
export async function refreshWarehouseStatistics(db: Db): Promise<void> {
  const tables = await queryRows(
    db,
    TableRow,
    sql`SELECT c.relname AS name FROM pg_class c
        WHERE c.relkind = 'r' AND c.relname LIKE 'wh\\_%' AND c.relnamespace = current_schema()::regnamespace
        ORDER BY 1`,
  );
  if (tables.length === 0) return;
  await db.execute(
    sql`ANALYZE ${sql.join(
      tables.map((table) => sql.identifier(table.name)),
      sql`, `,
    )}`,
  );
}

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
    await enqueue(deps.db, catalogue.analyzeWorkspace, { workspaceId }, { now: deps.clock() });
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
