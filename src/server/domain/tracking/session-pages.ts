import { z } from 'zod';
import { type CursorEvent, viewportBucketOf } from '../../../shared/contracts/cursor-tracking.ts';
import { cellIndexOf } from './heatmap-tiles.ts';
import { eventTimeOf, type OwnedEvents, pageKeyOf, xBinOf, yBinOf } from './rollup.ts';

/**
 * Per session and page: what the heatmap filters by conversion and segment, the scroll map, rage
 * and dead clicks and revenue per element read (table tracking_session_pages, decision 052).
 * Rolled up per commit group like the other rollups; the writer appends cells and clicks to the
 * stored row and keeps the largest viewport height and depth.
 */

/** Type codes in the top byte of a session cell's index (the low 24 bits are row × 100 + column). */
export const SESSION_CELL_TYPE = { click: 1, cursor_move: 2, scroll: 3 } as const;
export type SessionCellType = keyof typeof SESSION_CELL_TYPE;
export const TYPE_SHIFT = 2 ** 24;
/** 8 bytes a part: uint32 (type << 24 | cell index), uint32 count, big-endian. */
export const SESSION_CELL_BYTES = 8;

/** A click as stored: client ms, page x, page y, element (or null), 1 when the tracker saw it dead. */
export const StoredClickSchema = z.tuple([
  z.number(),
  z.number(),
  z.number(),
  z.string().nullable(),
  z.union([z.literal(0), z.literal(1)]),
]);
type StoredClick = z.infer<typeof StoredClickSchema>;

export interface SessionPageRollup {
  configurationId: string;
  pageUrl: string;
  viewportBucket: string;
  sessionId: string;
  viewportHeight: number;
  scrollDepth: number;
  cells: Map<number, number>;
  clicks: StoredClick[];
}

/**
 * Depth an event shows the view reached, in percent of the document: the tracker's scroll depth,
 * else the first screen (viewport ÷ document height) when the document height is known.
 */
function depthOf(event: CursorEvent): number {
  if (event.scrollDepth !== undefined) return event.scrollDepth;
  if (!event.documentHeight) return 0;
  return Math.min(100, Math.round((event.viewportHeight / event.documentHeight) * 100));
}

/** The session-page rows of a commit group, sorted by key (lock order, as the other rollups). */
export function rollUpSessionPages(batches: readonly OwnedEvents[]): SessionPageRollup[] {
  const rows = new Map<string, SessionPageRollup>();
  const pageKeys = new Map<string, string>();
  for (const { configurationId, events } of batches) {
    for (const event of events) {
      let pageUrl = pageKeys.get(event.pageUrl);
      if (pageUrl === undefined) {
        pageUrl = pageKeyOf(event.pageUrl);
        pageKeys.set(event.pageUrl, pageUrl);
      }
      const viewportBucket = viewportBucketOf(event.viewportWidth);
      const key = [configurationId, pageUrl, viewportBucket, event.sessionId].join('\u0000');
      let row = rows.get(key);
      if (!row) {
        row = {
          configurationId,
          pageUrl,
          viewportBucket,
          sessionId: event.sessionId,
          viewportHeight: event.viewportHeight,
          scrollDepth: 0,
          cells: new Map(),
          clicks: [],
        };
        rows.set(key, row);
      }
      row.viewportHeight = Math.max(row.viewportHeight, event.viewportHeight);
      row.scrollDepth = Math.max(row.scrollDepth, depthOf(event));
      const dead = event.eventType === 'dead_click';
      if (event.eventType === 'click' || dead)
        row.clicks.push([eventTimeOf(event), event.x, event.y, event.elementSelector ?? null, dead ? 1 : 0]);
      if (event.eventType in SESSION_CELL_TYPE) {
        const type = SESSION_CELL_TYPE[event.eventType as SessionCellType];
        const code = type * TYPE_SHIFT + cellIndexOf(xBinOf(event.x, event.viewportWidth), yBinOf(event.y));
        row.cells.set(code, (row.cells.get(code) ?? 0) + 1);
      }
    }
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
}

/** A row's cells as the stored bytes, in hex (the writer sends JSON). */
export function encodeSessionCells(cells: ReadonlyMap<number, number>): string {
  const bytes = Buffer.alloc(cells.size * SESSION_CELL_BYTES);
  let k = 0;
  for (const [code, count] of cells) {
    bytes.writeUInt32BE(code, k);
    bytes.writeUInt32BE(count, k + 4);
    k += SESSION_CELL_BYTES;
  }
  return bytes.toString('hex');
}

/**
 * Adds stored session cells of the wanted types into `into` (cell index → count). Parts of one
 * index may repeat (one per commit); they are summed.
 */
export function addSessionCells(
  into: Map<number, number>,
  bytes: Uint8Array,
  types: ReadonlySet<number>,
): void {
  if (bytes.length % SESSION_CELL_BYTES !== 0)
    throw new Error(`session cells of ${bytes.length} bytes are not whole parts`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  for (let k = 0; k < bytes.length; k += SESSION_CELL_BYTES) {
    const code = view.getUint32(k);
    if (!types.has(Math.floor(code / TYPE_SHIFT))) continue;
    const index = code % TYPE_SHIFT;
    into.set(index, (into.get(index) ?? 0) + view.getUint32(k + 4));
  }
}
