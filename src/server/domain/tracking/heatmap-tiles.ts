import { DAY_MS, HOUR_MS } from '../../../shared/calendar.ts';
import { X_BINS } from './rollup.ts';

/**
 * Heatmap tiles: the cells of one (site, page, viewport bucket, event type) summed over an aligned
 * block of 2^level UTC days, packed into one value. A heatmap over any range of days then reads a
 * handful of tiles (at most two per level) instead of one row per cell and day, so its cost does
 * not grow with the range or the traffic. Pure: the fold (features/tracking/ingest/heatmap-fold.ts) and the read
 * (features/tracking/read-heatmap.ts) do the I/O.
 */

/** Largest block: 256 days, so the 400 days of rollup retention are at most ~14 tiles. */
export const MAX_TILE_LEVEL = 8;
/** The shared calendar units, re-exported for the heatmap modules. */
export { DAY_MS, HOUR_MS };
/** Start (ms since the epoch) of the UTC hour holding an instant: what hour cells are keyed by. */
export const hourStartOf = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

/** Cells sorted by index (row × 100 + column), each index once. */
export interface SparseCells {
  index: Uint32Array;
  count: Float64Array;
}

export const EMPTY_CELLS: SparseCells = { index: new Uint32Array(0), count: new Float64Array(0) };

export const cellIndexOf = (xBin: number, yBin: number) => yBin * X_BINS + xBin;
export const xBinOfIndex = (index: number) => index % X_BINS;
export const yBinOfIndex = (index: number) => Math.floor(index / X_BINS);

/** Day number since 1970-01-01 of a `YYYY-MM-DD` UTC day, and back. */
export const dayNumberOf = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
export const dayOfNumber = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);

/** A block of days: level L covers the 2^L days from `first` (a multiple of 2^L). */
export interface TileBlock {
  level: number;
  /** Day number of the first day. */
  first: number;
}

export const lastDayOfBlock = (block: TileBlock) => block.first + 2 ** block.level - 1;

/** The aligned block of `level` holding a day. */
export const blockOf = (dayNumber: number, level: number): TileBlock => ({
  level,
  first: Math.floor(dayNumber / 2 ** level) * 2 ** level,
});

/**
 * The fewest aligned blocks that exactly cover the days `from`..`to` (inclusive day numbers):
 * greedily the largest block starting at each point that still fits, so at most two per level.
 */
export function coverDays(from: number, to: number): TileBlock[] {
  const blocks: TileBlock[] = [];
  let day = from;
  while (day <= to) {
    let level = 0;
    while (level < MAX_TILE_LEVEL && day % 2 ** (level + 1) === 0 && day + 2 ** (level + 1) - 1 <= to)
      level += 1;
    blocks.push({ level, first: day });
    day += 2 ** level;
  }
  return blocks;
}

/** Sum of two cell lists, by a merge of the sorted indexes. */
export function addCells(a: SparseCells, b: SparseCells): SparseCells {
  if (a.index.length === 0) return b;
  if (b.index.length === 0) return a;
  const index = new Uint32Array(a.index.length + b.index.length);
  const count = new Float64Array(index.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.index.length || j < b.index.length) {
    const ai = i < a.index.length ? a.index[i]! : Number.POSITIVE_INFINITY;
    const bj = j < b.index.length ? b.index[j]! : Number.POSITIVE_INFINITY;
    if (ai === bj) {
      index[n] = ai;
      count[n++] = a.count[i++]! + b.count[j++]!;
    } else if (ai < bj) {
      index[n] = ai;
      count[n++] = a.count[i++]!;
    } else {
      index[n] = bj;
      count[n++] = b.count[j++]!;
    }
  }
  return { index: index.subarray(0, n), count: count.subarray(0, n) };
}

/** Sum of any number of cell lists, merged in pairs (log k passes over the cells). */
export function sumCells(lists: readonly SparseCells[]): SparseCells {
  let level = lists.filter((list) => list.index.length > 0);
  if (level.length === 0) return EMPTY_CELLS;
  while (level.length > 1) {
    const next: SparseCells[] = [];
    for (let k = 0; k < level.length; k += 2)
      next.push(k + 1 < level.length ? addCells(level[k]!, level[k + 1]!) : level[k]!);
    level = next;
  }
  return level[0]!;
}

/** Cells from (x, y, count) triples in any order, duplicates summed. */
export function cellsOf(triples: Iterable<{ xBin: number; yBin: number; count: number }>): SparseCells {
  const counts = new Map<number, number>();
  for (const { xBin, yBin, count } of triples) {
    const index = cellIndexOf(xBin, yBin);
    counts.set(index, (counts.get(index) ?? 0) + count);
  }
  const index = Uint32Array.from(counts.keys()).sort();
  return { index, count: Float64Array.from(index, (i) => counts.get(i)!) };
}

/**
 * 12 bytes a cell: index (uint32) and count (float64, exact to 2^53), big-endian, the layout of
 * PostgreSQL's int4send and float8send, so the fold can pack a day's cells in SQL.
 */
const CELL_BYTES = 12;

export function encodeCells(cells: SparseCells): Uint8Array {
  const bytes = new Uint8Array(cells.index.length * CELL_BYTES);
  const view = new DataView(bytes.buffer);
  for (let k = 0; k < cells.index.length; k++) {
    view.setUint32(k * CELL_BYTES, cells.index[k]!);
    view.setFloat64(k * CELL_BYTES + 4, cells.count[k]!);
  }
  return bytes;
}

export function decodeCells(bytes: Uint8Array): SparseCells {
  if (bytes.length % CELL_BYTES !== 0)
    throw new Error(`heatmap tile of ${bytes.length} bytes is not whole cells`);
  const n = bytes.length / CELL_BYTES;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const index = new Uint32Array(n);
  const count = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    index[k] = view.getUint32(k * CELL_BYTES);
    count[k] = view.getFloat64(k * CELL_BYTES + 4);
  }
  return { index, count };
}

export interface HeatmapSummary {
  /** The hottest cells, hottest first (ties: top to bottom, left to right). */
  top: Array<{ xBin: number; yBin: number; count: number }>;
  /** 99th percentile of the cell counts (nearest rank), over every cell, at least 1. */
  scaleMax: number;
  /** Lowest row with any count, or -1 without cells. */
  maxYBin: number;
}

/** What the heatmap answers from the summed cells: the `limit` hottest, the scale and the depth. */
export function summariseCells(cells: SparseCells, limit: number): HeatmapSummary {
  const n = cells.index.length;
  if (n === 0) return { top: [], scaleMax: 1, maxYBin: -1 };
  const sortedCounts = Float64Array.from(cells.count).sort();
  const scaleMax = Math.max(1, sortedCounts[Math.ceil(0.99 * n) - 1]!);
  // The `limit` hottest: every cell above the limit-th largest count, then cells at exactly that
  // count in index order (top to bottom, left to right) until the limit; only those are sorted.
  const take = Math.min(limit, n);
  const cutoff = sortedCounts[n - take]!;
  let atCutoff = take;
  for (const count of cells.count) if (count > cutoff) atCutoff -= 1;
  const picked: number[] = [];
  for (let k = 0; k < n; k++) {
    const count = cells.count[k]!;
    if (count > cutoff || (count === cutoff && atCutoff-- > 0)) picked.push(k);
  }
  // Hottest first; equal counts by index.
  picked.sort((a, b) => cells.count[b]! - cells.count[a]! || cells.index[a]! - cells.index[b]!);
  const top = picked.map((k) => ({
    xBin: xBinOfIndex(cells.index[k]!),
    yBin: yBinOfIndex(cells.index[k]!),
    count: cells.count[k]!,
  }));
  return { top, scaleMax, maxYBin: yBinOfIndex(cells.index[n - 1]!) };
}
