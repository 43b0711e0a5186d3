import { type SQL, sql } from 'drizzle-orm';
import {
  type ClickStatistics,
  type CursorStatistics,
  type HeatmapQuery,
  type HeatmapResponse,
  LIVE_SESSION_WINDOW_MS,
  type TrackingSessionsResponse,
  VIEWPORT_BUCKETS,
} from '../../../shared/contracts/cursor-tracking.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { notFound } from '../../errors.ts';
import { ALL } from './ingest/heatmap-fold.ts';
import {
  addCells,
  coverDays,
  DAY_MS,
  dayNumberOf,
  decodeCells,
  type SparseCells,
  sumCells,
  summariseCells,
} from './ingest/heatmap-tiles.ts';
import { ROLLUP_RETENTION_DAYS } from './ingest/partitions.ts';
import { X_BINS, xCentreOf, yCentreOf } from './ingest/rollup.ts';

/**
 * The dashboard's reads. Each one is scoped to the caller's workspace and optionally to one of
 * its websites (`trackingId`), and reads only the rollups written at ingestion, never the raw
 * events, so it stays fast whatever the traffic.
 */
export interface TrackingScope {
  workspaceId: string;
  trackingId?: string | undefined;
}

/** `configuration_id = …` when a website is chosen; a tracking id of another workspace is 404. */
async function configurationFilter(db: Db, scope: TrackingScope, column: SQL): Promise<SQL> {
  if (!scope.trackingId) return sql`TRUE`;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM tracking_configurations WHERE tracking_id = ${scope.trackingId} AND workspace_id = ${scope.workspaceId}::uuid`,
  );
  if (!row) throw notFound('Tracking configuration not found.');
  return sql`${column} = ${row.id}::uuid`;
}

const num = (value: unknown) => Number(value ?? 0);

export async function getCursorStatistics(db: Db, scope: TrackingScope): Promise<CursorStatistics> {
  const sessionsOf = await configurationFilter(db, scope, sql`configuration_id`);
  const [totals] = await queryRows<{
    sessions: string;
    events: string;
    duration: string | null;
    clicked: string;
  }>(
    db,
    sql`SELECT count(*) AS sessions, coalesce(sum(event_count), 0) AS events,
          avg(EXTRACT(EPOCH FROM (ended_at - started_at)) * 1000) AS duration,
          count(*) FILTER (WHERE click_count > 0) AS clicked
        FROM tracking_sessions WHERE workspace_id = ${scope.workspaceId}::uuid AND ${sessionsOf}`,
  );
  const pages = await queryRows<{ page_url: string; events: string }>(
    db,
    sql`SELECT page_url, sum(event_count) AS events FROM tracking_page_counts
        WHERE workspace_id = ${scope.workspaceId}::uuid AND ${sessionsOf}
        GROUP BY page_url ORDER BY events DESC, page_url LIMIT 5`,
  );
  const totalSessions = num(totals?.sessions);
  return {
    totalSessions,
    totalEvents: num(totals?.events),
    averageSessionDuration: Math.round(num(totals?.duration)),
    clickThroughRate: totalSessions === 0 ? 0 : (num(totals?.clicked) / totalSessions) * 100,
    mostActivePages: pages.map((row) => ({ pageUrl: row.page_url, eventCount: num(row.events) })),
  };
}

export async function getClickStatistics(
  db: Db,
  scope: TrackingScope & { page?: string | undefined },
): Promise<ClickStatistics> {
  const ofConfiguration = await configurationFilter(db, scope, sql`configuration_id`);
  const ofPage = scope.page ? sql`page_url = ${scope.page}` : sql`TRUE`;
  const where = sql`workspace_id = ${scope.workspaceId}::uuid AND ${ofConfiguration} AND ${ofPage}`;
  const [totals] = await queryRows<{ clicks: string; elements: string }>(
    db,
    sql`SELECT coalesce(sum(count), 0) AS clicks, count(DISTINCT selector) AS elements FROM tracking_click_elements WHERE ${where}`,
  );
  const top = await queryRows<{ selector: string; clicks: string }>(
    db,
    sql`SELECT selector, sum(count) AS clicks FROM tracking_click_elements WHERE ${where}
        GROUP BY selector ORDER BY clicks DESC, selector LIMIT 10`,
  );
  return {
    totalClicks: num(totals?.clicks),
    uniqueElements: num(totals?.elements),
    clicksByElement: top.map((row) => ({ selector: row.selector, count: num(row.clicks) })),
  };
}

/** Points a heatmap answers at most: the hottest cells (the page draws one dot per point). */
export const HEATMAP_MAX_POINTS = 5000;

/** The configurations a read covers: the chosen website, or every one of the workspace. */
async function configurationIdsOf(db: Db, scope: TrackingScope): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    scope.trackingId
      ? sql`SELECT id FROM tracking_configurations WHERE tracking_id = ${scope.trackingId} AND workspace_id = ${scope.workspaceId}::uuid`
      : sql`SELECT id FROM tracking_configurations WHERE workspace_id = ${scope.workspaceId}::uuid`,
  );
  if (scope.trackingId && rows.length === 0) throw notFound('Tracking configuration not found.');
  return rows.map((row) => row.id);
}

const inList = (values: readonly string[], type: SQL) =>
  sql.join(
    values.map((value) => sql`${value}::${type}`),
    sql`, `,
  );

export async function getHeatmap(
  db: Db,
  scope: TrackingScope & Omit<HeatmapQuery, 'trackingId'>,
): Promise<HeatmapResponse> {
  const empty: HeatmapResponse = { heatmapData: [], maxY: 0, scaleMax: 0, pages: [] };
  const configurationIds = await configurationIdsOf(db, scope);
  if (configurationIds.length === 0) return empty;
  const ofConfigurations = sql`configuration_id IN (${inList(configurationIds, sql.raw('uuid'))})`;
  // Page choices come from the small per-page counts, not from scanning cells.
  const pageConditions: SQL[] = [sql`workspace_id = ${scope.workspaceId}::uuid`, ofConfigurations];
  if (scope.from) pageConditions.push(sql`day >= ${scope.from}::date`);
  if (scope.to) pageConditions.push(sql`day <= ${scope.to}::date`);
  const pages = await queryRows<{ page_url: string }>(
    db,
    sql`SELECT page_url FROM tracking_page_counts WHERE ${sql.join(pageConditions, sql` AND `)}
        GROUP BY page_url ORDER BY sum(event_count) DESC, page_url LIMIT 50`,
  );
  // Without a page, the busiest page is shown: cells of different pages never belong on one map.
  const page = scope.page ?? pages[0]?.page_url;
  if (!page) return empty;
  const owned = sql`workspace_id = ${scope.workspaceId}::uuid AND ${ofConfigurations} AND page_url = ${page}`;
  const hourFrom = scope.from ? sql`AND hour >= ${scope.from}::date::timestamp AT TIME ZONE 'UTC'` : sql``;
  const hourTo = scope.to ? sql`AND hour < (${scope.to}::date + 1)::timestamp AT TIME ZONE 'UTC'` : sql``;
  // One snapshot: a fold moves hours from the hour cells into the tiles in one transaction, so
  // the two reads together see every hour exactly once.
  const cells = await db.transaction(
    async (transaction) => {
      const tx = transaction as unknown as Db;
      const [fold] = await queryRows<{ before: number | null; version: string }>(
        tx,
        sql`SELECT extract(epoch FROM folded_before) * 1000 AS before, version FROM tracking_heatmap_fold_state`,
      );
      const blocks = tileBlocksOf(scope, fold?.before == null ? null : Number(fold.before));
      const tileKey = JSON.stringify([
        scope.workspaceId,
        configurationIds,
        page,
        scope.viewport,
        scope.eventType,
        blocks,
      ]);
      let folded = foldedCells.get(tileKey, fold?.version ?? '');
      if (!folded) {
        const tiles =
          blocks.length === 0
            ? []
            : await queryRows<{ cells: Uint8Array }>(
                tx,
                sql`SELECT cells FROM tracking_heatmap_tiles
                  WHERE ${owned} AND viewport_bucket = ${scope.viewport ?? ALL} AND event_type = ${scope.eventType ?? ALL}
                    AND (level, first_day) IN (${sql.join(
                      blocks.map((b) => sql`(${b.level}::smallint, DATE '1970-01-01' + ${b.first}::int)`),
                      sql`, `,
                    )})`,
              );
        folded = sumCells(tiles.map((tile) => decodeCells(tile.cells)));
        foldedCells.set(tileKey, fold?.version ?? '', folded);
      }
      // Hours not folded yet, packed like a tile. Every key column is pinned (lists for "all"),
      // so the read is a few tight primary-key ranges.
      const buckets = scope.viewport ? [scope.viewport] : VIEWPORT_BUCKETS.map((bucket) => bucket.id);
      const types = scope.eventType ? [scope.eventType] : ['click', 'cursor_move'];
      const [live] = await queryRows<{ cells: Uint8Array | null }>(
        tx,
        sql`SELECT string_agg(int4send(i) || float8send(n::float8), ''::bytea ORDER BY i) AS cells
          FROM (SELECT y_bin * ${X_BINS}::int + x_bin AS i, sum(count) AS n FROM tracking_heatmap_hour_cells
            WHERE ${owned} AND viewport_bucket IN (${inList(buckets, sql.raw('text'))})
              AND event_type IN (${inList(types, sql.raw('text'))}) ${hourFrom} ${hourTo}
            GROUP BY 1) AS cells`,
      );
      return live?.cells ? addCells(folded, decodeCells(live.cells)) : folded;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  // The scale (99th percentile, nearest rank) and the page height cover every cell, not only
  // the points returned.
  const summary = summariseCells(cells, HEATMAP_MAX_POINTS);
  return {
    heatmapData: summary.top.map((cell) => ({
      x: xCentreOf(cell.xBin),
      y: yCentreOf(cell.yBin),
      count: cell.count,
      intensity: Math.min(1, cell.count / summary.scaleMax),
    })),
    maxY: summary.maxYBin < 0 ? 0 : yCentreOf(summary.maxYBin),
    scaleMax: summary.scaleMax,
    pages: pages.map((row) => row.page_url),
  };
}

/**
 * The summed tiles of recent heatmap reads, per read and fold version: tiles change only when a
 * fold step commits (and bumps the version), so a repeated view reads just the unfolded hours.
 * A few views per process; the oldest is dropped first.
 */
const foldedCells = (() => {
  const MAX_ENTRIES = 32;
  const entries = new Map<string, { version: string; cells: SparseCells }>();
  return {
    get(key: string, version: string): SparseCells | undefined {
      const entry = entries.get(key);
      return entry?.version === version ? entry.cells : undefined;
    },
    set(key: string, version: string, cells: SparseCells): void {
      entries.delete(key);
      entries.set(key, { version, cells });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    },
  };
})();

/**
 * The tiles that hold the folded part of a range: the blocks exactly covering its finished days
 * (every day before the one holding the fold mark), and the partial tile of that day. The range
 * begins where rollup retention ends at the earliest.
 */
function tileBlocksOf(
  range: { from?: string | undefined; to?: string | undefined },
  foldedBefore: number | null,
) {
  if (foldedBefore === null) return [];
  const foldDay = Math.floor(foldedBefore / DAY_MS);
  // Nothing older than rollup retention is kept: an earlier start (any valid date is accepted)
  // reads from there, rather than asking for thousands of blocks that cannot exist.
  const retained = foldDay - ROLLUP_RETENTION_DAYS;
  const from = range.from ? Math.max(dayNumberOf(range.from), retained) : retained;
  const to = range.to ? dayNumberOf(range.to) : foldDay;
  const blocks = coverDays(from, Math.min(to, foldDay - 1));
  if (from <= foldDay && foldDay <= to) blocks.push({ level: 0, first: foldDay });
  return blocks;
}

export async function listTrackingSessions(
  db: Db,
  scope: TrackingScope,
  now: Date,
): Promise<TrackingSessionsResponse> {
  const ofConfiguration = await configurationFilter(db, scope, sql`configuration_id`);
  const liveSince = new Date(now.getTime() - LIVE_SESSION_WINDOW_MS).toISOString();
  const rows = await queryRows<{
    session_id: string;
    last_page_url: string;
    started_ms: string;
    ended_ms: string;
    last_received_ms: string;
    event_count: string;
    live: boolean;
  }>(
    db,
    sql`SELECT session_id, last_page_url, EXTRACT(EPOCH FROM started_at) * 1000 AS started_ms,
          EXTRACT(EPOCH FROM ended_at) * 1000 AS ended_ms, EXTRACT(EPOCH FROM last_received_at) * 1000 AS last_received_ms,
          event_count,
          last_received_at >= ${liveSince}::timestamptz AS live
        FROM tracking_sessions WHERE workspace_id = ${scope.workspaceId}::uuid AND ${ofConfiguration}
        ORDER BY last_received_at DESC LIMIT 50`,
  );
  const [active] = await queryRows<{ n: string }>(
    db,
    sql`SELECT count(*) AS n FROM tracking_sessions WHERE workspace_id = ${scope.workspaceId}::uuid AND ${ofConfiguration}
        AND last_received_at >= ${liveSince}::timestamptz`,
  );
  const iso = (ms: string) => new Date(Math.round(Number(ms))).toISOString();
  return {
    sessions: rows.map((row) => ({
      sessionId: row.session_id,
      status: row.live ? 'active' : 'ended',
      pageUrl: row.last_page_url,
      startTime: iso(row.started_ms),
      lastSeen: iso(row.last_received_ms),
      eventCount: num(row.event_count),
      duration: Math.round(Number(row.ended_ms) - Number(row.started_ms)),
    })),
    activeCount: num(active?.n),
  };
}
