import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { HeatmapResponse } from '../../../shared/contracts/cursor-tracking.ts';
import type { FilteredHeatmapQuery } from '../../../shared/contracts/heatmap-insights.ts';
import { type KeptCache, keptAnswer } from '../../caches.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { foldFirst, rawFirstReads } from '../../domain/tracking/fold-events.ts';
import {
  addCells,
  coverDays,
  DAY_MS,
  dayNumberOf,
  dayOfNumber,
  decodeCells,
  EMPTY_CELLS,
  type SparseCells,
  sumCells,
  summariseCells,
} from '../../domain/tracking/heatmap-tiles.ts';
import { ROLLUP_RETENTION_DAYS } from '../../domain/tracking/partitions.ts';
import { X_BINS, xCentreOf, yCentreOf } from '../../domain/tracking/rollup.ts';
import { addSessionCells, SESSION_CELL_TYPE } from '../../domain/tracking/session-pages.ts';
import {
  bucketListOf,
  inList,
  matchesNothing,
  type ResolvedHeatmapFilter,
  resolveHeatmapFilter,
  sessionPagesWhere,
} from './heatmap-filters.ts';
import { pendingCellsOf } from './heatmap-pending.ts';
import { type FoldMark, foldMarkOf, liveDayOf, sessionSetKeyOf } from './heatmap-versions.ts';
import { ALL } from './ingest/heatmap-fold.ts';

/** Points a heatmap answers at most: the hottest cells (the page draws one dot per point). */
const HEATMAP_MAX_POINTS = 5000;

/**
 * GET /api/cursor-tracking/heatmap: the cells of a page (or of every page matching a pattern),
 * for a device or viewport bucket, event type and range of days, from the tiles, the hours not
 * folded into tiles yet and, raw-first, the raw rows no fold has rolled up yet (decision 148; no
 * other raw events). Converting (or one RFM segment's) sessions are the sum of their
 * session-page rows; non-converting ones are everything minus that sum, read in the same snapshot.
 * An A/B variant's sessions (decision 064) are the sum of their rows too.
 */
export async function getHeatmap(
  db: Db,
  tileCache: KeptCache,
  query: FilteredHeatmapQuery & { workspaceId: string },
): Promise<HeatmapResponse> {
  // Every session's cells read through the pending raw rows instead of folding them (decision
  // 148); a session set or an A/B variant is summed from session rows, which only a fold builds.
  const throughPending = rawFirstReads(db) && !query.converted && !query.segment && !query.experiment;
  if (!throughPending) await foldFirst(db);
  let filter = await resolveHeatmapFilter(db, query.workspaceId, query);
  // The page list is the folded page counts': a site whose every event is still pending folds first.
  if (throughPending && filter !== null && matchesNothing(filter)) {
    await foldFirst(db);
    filter = await resolveHeatmapFilter(db, query.workspaceId, query);
  }
  const empty: HeatmapResponse = { heatmapData: [], maxY: 0, scaleMax: 0, pages: filter?.pageChoices ?? [] };
  if (matchesNothing(filter)) return empty;
  const types = query.eventType ? [query.eventType] : ['click', 'cursor_move'];
  // One snapshot: a fold moves hours from the hour cells into the tiles in one transaction, so
  // the reads together see every hour exactly once, and the session rows the same events.
  const cells = await db.transaction(
    async (transaction) => {
      const tx = transaction as unknown as Db;
      const folded = await foldMarkOf(tx);
      const sessions = filter.sessions;
      // A variant's sessions (with or without a session set) are summed from their own rows.
      if (sessions?.mode === 'only' || filter.variant)
        return sessionCellsOf(tx, tileCache, folded, filter, types);
      const total = await allCellsOf(tx, tileCache, folded, filter, query.eventType);
      if (!sessions) return throughPending ? addCells(total, await pendingCellsOf(tx, filter, types)) : total;
      return subtractCells(
        total,
        await sessionCellsOf(
          tx,
          tileCache,
          folded,
          { ...filter, sessions: { ...sessions, mode: 'only' } },
          types,
        ),
      );
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
    pages: filter.pageChoices,
  };
}

const SessionCellsOfRow = z.object({ cells: z.instanceof(Uint8Array) });

/**
 * Cells of the filter's sessions, summed from their session-page rows. Rows of the days before
 * the fold mark's day are final, like the tiles their hours were folded into (FOLD_MARGIN_MS): their
 * sum is kept in `cache` per fold version, filter and exact session set (a digest of its sessions,
 * so a newly joined order or a new session of a buyer's visitor is a new key), and a repeated view
 * reads only the rows from the fold day on. A commit that arrived late for a folded hour is still
 * in the hour cells until the next fold bumps the version: its day and the days after it are read
 * live. The range begins where rollup retention ends at the earliest, as for the tiles.
 * Measured in decision 075.
 */
async function sessionCellsOf(
  tx: Db,
  cache: KeptCache,
  fold: FoldMark,
  filter: ResolvedHeatmapFilter,
  types: readonly string[],
): Promise<SparseCells> {
  const codes = new Set(types.map((type) => SESSION_CELL_TYPE[type as keyof typeof SESSION_CELL_TYPE]));
  // A variant's sessions are not cached: a session's landing URL (and so its variants) may be
  // set by a later write, which no fold version or digest short of the whole set would notice.
  if (fold.before === null || filter.variant) return sumSessionRows(tx, filter, codes);
  const foldDay = Math.floor(fold.before / DAY_MS);
  const liveDay = (await liveDayOf(tx, fold, filter.configurationIds)) ?? foldDay;
  const pastFrom = dayOfNumber(
    Math.max(filter.from ? dayNumberOf(filter.from) : 0, foldDay - ROLLUP_RETENTION_DAYS),
  );
  const pastTo = dayOfNumber(Math.min(filter.to ? dayNumberOf(filter.to) : liveDay, liveDay - 1));
  const liveFrom = dayOfNumber(Math.max(filter.from ? dayNumberOf(filter.from) : liveDay, liveDay));
  let past = EMPTY_CELLS;
  if (pastFrom <= pastTo) {
    const set = filter.sessions ? await sessionSetKeyOf(tx, filter.sessions) : null;
    const key = JSON.stringify([
      'sessions',
      filter.workspaceId,
      filter.configurationIds,
      filter.pages,
      bucketListOf(filter),
      [...codes],
      pastFrom,
      pastTo,
      filter.sessions?.mode ?? null,
      set,
    ]);
    past = await keptAnswer(cache, `${fold.version}:${key}`, () =>
      sumSessionRows(tx, { ...filter, from: pastFrom, to: pastTo }, codes),
    );
  }
  if (filter.to && liveFrom > filter.to) return past;
  return addCells(past, await sumSessionRows(tx, { ...filter, from: liveFrom }, codes));
}

/** The cells of the filter's session-page rows of the given types (codes), summed. */
async function sumSessionRows(
  tx: Db,
  filter: ResolvedHeatmapFilter,
  codes: ReadonlySet<number>,
): Promise<SparseCells> {
  const rows = await queryRows(
    tx,
    SessionCellsOfRow,
    sql`SELECT p.cells FROM tracking_session_pages p WHERE ${sessionPagesWhere(filter)}`,
  );
  const counts = new Map<number, number>();
  for (const row of rows) addSessionCells(counts, row.cells, codes);
  const index = Uint32Array.from(counts.keys()).sort();
  return { index, count: Float64Array.from(index, (i) => counts.get(i)!) };
}

/** `a − b`, cell by cell (b is a part of a); cells left at zero are dropped. */
function subtractCells(a: SparseCells, b: SparseCells): SparseCells {
  if (b.index.length === 0) return a;
  const index = new Uint32Array(a.index.length);
  const count = new Float64Array(a.index.length);
  let j = 0;
  let n = 0;
  for (let i = 0; i < a.index.length; i++) {
    const at = a.index[i]!;
    while (j < b.index.length && b.index[j]! < at) j += 1;
    const left = a.count[i]! - (j < b.index.length && b.index[j] === at ? b.count[j]! : 0);
    if (left > 0) {
      index[n] = at;
      count[n++] = left;
    }
  }
  return { index: index.subarray(0, n), count: count.subarray(0, n) };
}

const AllCellsOfRow = z.object({ cells: z.instanceof(Uint8Array) });

const LiveRow = z.object({ cells: z.instanceof(Uint8Array).nullable() });

/**
 * Every session's cells: the folded tiles plus the unfolded hours. The summed tiles are kept in
 * `tileCache` (AppCaches.heatmapTiles) per read and fold version: tiles change only when a fold step commits
 * (and bumps the version), so a repeated view reads just the unfolded hours.
 */
async function allCellsOf(
  tx: Db,
  tileCache: KeptCache,
  fold: FoldMark,
  filter: ResolvedHeatmapFilter,
  eventType: string | undefined,
): Promise<SparseCells> {
  const owned = sql`workspace_id = ${filter.workspaceId}::uuid
    AND configuration_id IN (${inList(filter.configurationIds, 'uuid')}) AND page_url IN (${inList(filter.pages, 'text')})`;
  const blocks = tileBlocksOf(filter, fold.before);
  // Tiles summed over every bucket (or type) exist as their own "all" tiles.
  const tileBuckets = filter.buckets ?? [ALL];
  const tileKey = JSON.stringify([
    filter.workspaceId,
    filter.configurationIds,
    filter.pages,
    tileBuckets,
    eventType,
    blocks,
  ]);
  const folded = await keptAnswer(tileCache, `${fold.version}:${tileKey}`, async () => {
    const tiles =
      blocks.length === 0
        ? []
        : await queryRows(
            tx,
            AllCellsOfRow,
            sql`SELECT cells FROM tracking_heatmap_tiles
              WHERE ${owned} AND viewport_bucket IN (${inList(tileBuckets, 'text')}) AND event_type = ${eventType ?? ALL}
                AND (level, first_day) IN (${sql.join(
                  blocks.map((b) => sql`(${b.level}::smallint, DATE '1970-01-01' + ${b.first}::int)`),
                  sql`, `,
                )})`,
          );
    return sumCells(tiles.map((tile) => decodeCells(tile.cells)));
  });
  // Hours not folded yet, packed like a tile. Every key column is pinned (lists for "all"),
  // so the read is a few tight primary-key ranges.
  const types = eventType ? [eventType] : ['click', 'cursor_move'];
  const hourFrom: SQL = filter.from
    ? sql`AND hour >= ${filter.from}::date::timestamp AT TIME ZONE 'UTC'`
    : sql``;
  const hourTo: SQL = filter.to
    ? sql`AND hour < (${filter.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`
    : sql``;
  const [live] = await queryRows(
    tx,
    LiveRow,
    sql`SELECT string_agg(int4send(i) || float8send(n::float8), ''::bytea ORDER BY i) AS cells
      FROM (SELECT y_bin * ${X_BINS}::int + x_bin AS i, sum(count) AS n FROM tracking_heatmap_hour_cells
        WHERE ${owned} AND viewport_bucket IN (${inList(bucketListOf(filter), 'text')})
          AND event_type IN (${inList(types, 'text')}) ${hourFrom} ${hourTo}
        GROUP BY 1) AS cells`,
  );
  return live?.cells ? addCells(folded, decodeCells(live.cells)) : folded;
}

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
