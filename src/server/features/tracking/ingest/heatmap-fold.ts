import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { firstPendingReceipt } from '../../../domain/tracking/fold-events.ts';
import {
  blockOf,
  DAY_MS,
  decodeCells,
  encodeCells,
  hourStartOf,
  lastDayOfBlock,
  MAX_TILE_LEVEL,
  type SparseCells,
  sumCells,
  type TileBlock,
} from '../../../domain/tracking/heatmap-tiles.ts';
import { FOLD_LOCK_KEY } from '../../../domain/tracking/hour-parts.ts';
import { X_BINS } from '../../../domain/tracking/rollup.ts';

/**
 * An hour is folded once it has been over for this long: a commit takes its receipt time (and so
 * its hour) just before it commits, and app processes' clocks may differ a little. A commit later
 * still is not lost: its rows are folded by the next fold.
 */
export const FOLD_MARGIN_MS = 5 * 60_000;
/** Tiles summed over every viewport bucket, or over clicks and moves (the heatmap's "all"). */
export const ALL = '*';
/** Tiles written per statement (10 parameters each). */
const TILES_PER_STATEMENT = 500;

/** What a tile belongs to. */
interface TileOwner {
  workspaceId: string;
  configurationId: string;
  pageUrl: string;
  viewportBucket: string;
  eventType: string;
}

interface TileUpdate extends TileOwner, TileBlock {
  parts: SparseCells[];
}

const ownerId = (o: TileOwner) =>
  `${o.configurationId}\u0000${o.pageUrl}\u0000${o.viewportBucket}\u0000${o.eventType}`;
const tileId = (o: TileOwner, block: TileBlock) => `${ownerId(o)}\u0000${block.level}\u0000${block.first}`;

const PackedRow = z.object({
  w: z.string(),
  c: z.string(),
  p: z.string(),
  v: z.string(),
  t: z.string() /** Day number (level 0) or block start. */,
  d: z.number(),
  cells: z.instanceof(Uint8Array),
});
type PackedRow = z.infer<typeof PackedRow>;

const ownerOf = (row: PackedRow): TileOwner => ({
  workspaceId: row.w,
  configurationId: row.c,
  pageUrl: row.p,
  viewportBucket: row.v,
  eventType: row.t,
});

/**
 * Folds every finished hour into the tiles, oldest day first, one transaction a day, and deletes
 * the folded hour cells in the same transaction, so a reader sees each hour exactly once (from the
 * tiles or from the hour cells). Idempotent; several processes may call it at once. Returns the
 * new `folded_before` mark, or null when there was nothing to fold.
 *
 * Raw-first (decision 147), it stops before the hour of the earliest raw row not yet folded into
 * hour cells, so the mark never passes an hour whose cells are still to come; callers fold the raw
 * rows first (the writer's hourly fold, maintain-tracking). Rows committed after that look, for an
 * hour already folded (an app clock behind), become cells before the mark, which a reader adds to
 * the tiles and the next tile fold folds into them.
 */
export async function foldHeatmapTiles(db: Db, now: Date): Promise<Date | null> {
  const pending = await firstPendingReceipt(db);
  const finished = hourStartOf(now.getTime() - FOLD_MARGIN_MS);
  const target = pending === null ? finished : Math.min(finished, hourStartOf(pending));
  let mark: number | null = null;
  for (;;) {
    const step = await db.transaction((tx) => foldStep(tx as unknown as Db, target));
    if (step === null) break;
    mark = step;
  }
  // Every fold deletes an hour of cell parts and rewrites the day's tiles; where autovacuum is off
  // (as on this project's machines) their space would never be reused, the parts every heatmap
  // read scans would grow without end, and the planner would plan those reads without statistics.
  if (mark !== null)
    await db.execute(sql`VACUUM (ANALYZE) tracking_heatmap_hour_parts, tracking_heatmap_tiles`);
  return mark === null ? null : new Date(mark);
}

const StateRow = z.object({ before: z.number().nullable(), first: z.number().nullable() });

/** One day's worth of folding; the new mark, or null when everything before `target` is folded. */
async function foldStep(tx: Db, target: number): Promise<number | null> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${FOLD_LOCK_KEY})`);
  const targetAt = new Date(target).toISOString();
  const [state] = await queryRows(
    tx,
    StateRow,
    sql`SELECT (SELECT extract(epoch FROM folded_before) * 1000 FROM tracking_heatmap_fold_state)::float8 AS before,
      (SELECT extract(epoch FROM min(hour)) * 1000 FROM tracking_heatmap_hour_parts
        WHERE hour < ${targetAt}::timestamptz)::float8 AS first`,
  );
  const before = state?.before == null ? null : Number(state.before);
  const first = state?.first == null ? null : Number(state.first);
  if (first === null && before !== null && before >= target) return null;
  const dayStart = (at: number) => Math.floor(at / DAY_MS) * DAY_MS;
  const oldMark = before ?? (first === null ? target : dayStart(first));
  // To the end of the first unfolded day: late rows of folded hours (before the mark) go first.
  const end = first === null ? target : Math.min(target, Math.max(oldMark, dayStart(first) + DAY_MS));

  await addHoursToTiles(tx, new Date(end).toISOString(), oldMark);
  await tx.execute(
    sql`DELETE FROM tracking_heatmap_hour_parts WHERE hour < ${new Date(end).toISOString()}::timestamptz`,
  );
  const newMark = Math.max(oldMark, end);
  // Days this step finishes complete the blocks that end on them.
  const finishedFrom = Math.floor(oldMark / DAY_MS);
  const finishedTo = Math.floor(newMark / DAY_MS) - 1;
  if (finishedTo >= finishedFrom)
    for (let level = 1; level <= MAX_TILE_LEVEL; level++)
      await buildBlocks(tx, level, finishedFrom, finishedTo);
  await tx.execute(sql`
    INSERT INTO tracking_heatmap_fold_state AS f (id, folded_before, version)
    VALUES (true, ${new Date(newMark).toISOString()}::timestamptz, 1)
    ON CONFLICT (id) DO UPDATE SET folded_before = EXCLUDED.folded_before, version = f.version + 1`);
  return newMark;
}

/**
 * Adds the hour cells before `end` to the tile of their day, and to every larger block of that day
 * that was already complete under `oldMark` (rows of a late commit to an already folded day; the
 * blocks not yet complete are built from their halves when they are).
 */
async function addHoursToTiles(tx: Db, end: string, oldMark: number): Promise<void> {
  // Packed in SQL, one row per tile owner and day: the day's cells, and the "all" sums (scroll
  // never counts in "all" event types).
  const rows = await queryRows(
    tx,
    PackedRow,
    sql`WITH cells AS (
      SELECT workspace_id AS w, configuration_id AS c, page_url AS p, coalesce(viewport_bucket, ${ALL}::text) AS v,
        coalesce(event_type, ${ALL}::text) AS t, floor(extract(epoch FROM hour) / 86400)::int AS d,
        y_bin * ${X_BINS}::int + x_bin AS i,
        CASE WHEN GROUPING(event_type) = 1 THEN sum(count) FILTER (WHERE event_type IN ('click', 'cursor_move'))
          ELSE sum(count) END AS n
      FROM tracking_heatmap_hour_cells WHERE hour < ${end}::timestamptz
      GROUP BY workspace_id, configuration_id, page_url, floor(extract(epoch FROM hour) / 86400), x_bin, y_bin,
        GROUPING SETS ((viewport_bucket, event_type), (event_type), (viewport_bucket), ())
      HAVING GROUPING(event_type) = 0 OR count(*) FILTER (WHERE event_type IN ('click', 'cursor_move')) > 0
    )
    SELECT w, c, p, v, t, d, string_agg(int4send(i) || float8send(n::float8), ''::bytea ORDER BY i) AS cells
    FROM cells GROUP BY w, c, p, v, t, d`,
  );
  const updates = new Map<string, TileUpdate>();
  const addTo = (owner: TileOwner, block: TileBlock, cells: SparseCells) => {
    const id = tileId(owner, block);
    const update = updates.get(id);
    if (update) update.parts.push(cells);
    else updates.set(id, { ...owner, ...block, parts: [cells] });
  };
  for (const row of rows) {
    const owner = ownerOf(row);
    const cells = decodeCells(row.cells);
    const day = Number(row.d);
    addTo(owner, { level: 0, first: day }, cells);
    for (let level = 1; level <= MAX_TILE_LEVEL; level++) {
      const block = blockOf(day, level);
      if ((lastDayOfBlock(block) + 1) * DAY_MS <= oldMark) addTo(owner, block, cells);
    }
  }
  if (updates.size === 0) return;
  const list = [...updates.values()];
  const existing = await readTiles(tx, list);
  for (const update of list) {
    const stored = existing.get(tileId(update, update));
    if (stored) update.parts.push(stored);
  }
  await writeTiles(tx, list);
}

const TileRow = PackedRow.extend({ level: z.number() });

/** The stored cells of the given tiles, by tile id. */
async function readTiles(
  tx: Db,
  tiles: readonly (TileOwner & TileBlock)[],
): Promise<Map<string, SparseCells>> {
  const found = new Map<string, SparseCells>();
  for (let k = 0; k < tiles.length; k += TILES_PER_STATEMENT) {
    const keys = tiles
      .slice(k, k + TILES_PER_STATEMENT)
      .map(
        (t) =>
          sql`(${t.configurationId}::uuid, ${t.pageUrl}::text, ${t.viewportBucket}::text, ${t.eventType}::text, ${t.level}::smallint, ${dateOf(t.first)})`,
      );
    const rows = await queryRows(
      tx,
      TileRow,
      sql`SELECT workspace_id AS w, configuration_id AS c, page_url AS p, viewport_bucket AS v, event_type AS t,
          level, first_day - DATE '1970-01-01' AS d, cells
        FROM tracking_heatmap_tiles
        WHERE (configuration_id, page_url, viewport_bucket, event_type, level, first_day) IN (${sql.join(keys, sql`, `)})`,
    );
    for (const row of rows)
      found.set(
        tileId(ownerOf(row), { level: Number(row.level), first: Number(row.d) }),
        decodeCells(row.cells),
      );
  }
  return found;
}

const dateOf = (dayNumber: number): SQL => sql`(DATE '1970-01-01' + ${dayNumber}::int)`;

/** Stores each tile as the sum of its parts (replacing what was stored). */
async function writeTiles(tx: Db, tiles: readonly TileUpdate[]): Promise<void> {
  for (let k = 0; k < tiles.length; k += TILES_PER_STATEMENT) {
    const values = tiles.slice(k, k + TILES_PER_STATEMENT).map((t) => {
      const cells = sumCells(t.parts);
      return sql`(${t.workspaceId}::uuid, ${t.configurationId}::uuid, ${t.pageUrl}::text, ${t.viewportBucket}::text,
        ${t.eventType}::text, ${t.level}::smallint, ${dateOf(t.first)}, ${cells.index.length}::int,
        ${Buffer.from(encodeCells(cells))}::bytea)`;
    });
    await tx.execute(sql`
      INSERT INTO tracking_heatmap_tiles (workspace_id, configuration_id, page_url, viewport_bucket, event_type, level,
        first_day, cell_count, cells)
      VALUES ${sql.join(values, sql`, `)}
      ON CONFLICT (configuration_id, page_url, viewport_bucket, event_type, level, first_day)
      DO UPDATE SET cell_count = EXCLUDED.cell_count, cells = EXCLUDED.cells`);
  }
}

/** Builds the blocks of `level` that end on the days `from`..`to` from their two halves. */
async function buildBlocks(tx: Db, level: number, from: number, to: number): Promise<void> {
  const firstBlock = blockOf(from, level).first;
  const children = await queryRows(
    tx,
    PackedRow,
    sql`SELECT workspace_id AS w, configuration_id AS c, page_url AS p, viewport_bucket AS v, event_type AS t,
        first_day - DATE '1970-01-01' AS d, cells
      FROM tracking_heatmap_tiles
      WHERE level = ${level - 1}::smallint AND first_day >= ${dateOf(firstBlock)} AND first_day <= ${dateOf(to)}`,
  );
  const parents = new Map<string, TileUpdate>();
  for (const child of children) {
    const owner = ownerOf(child);
    const block = blockOf(Number(child.d), level);
    const last = lastDayOfBlock(block);
    if (last < from || last > to) continue;
    const id = tileId(owner, block);
    const parent = parents.get(id);
    if (parent) parent.parts.push(decodeCells(child.cells));
    else parents.set(id, { ...owner, ...block, parts: [decodeCells(child.cells)] });
  }
  await writeTiles(tx, [...parents.values()]);
}
