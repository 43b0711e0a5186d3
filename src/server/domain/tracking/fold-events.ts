import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CursorEvent } from '../../../shared/contracts/cursor-tracking.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { hourStartOf } from './heatmap-tiles.ts';
import { createPartCounter, type HourPartOwner, sumHourParts } from './hour-parts.ts';
import { type ReceivedEvents, rollupStatement } from './rollup-statement.ts';

/**
 * Raw-first ingestion's fold (TRACKING_RAW_FIRST, decision 125). A request writes raw rows only,
 * each commit stamping its rows with `clock_timestamp()` read while it holds INGEST_LOCK_KEY in
 * shared mode. A fold takes that lock exclusively for one statement, to read the database clock as
 * its mark: every commit holding the lock has committed by then, and every later commit reads its
 * stamp after the mark, so the rows below the mark are all visible and no row ever appears below
 * it later. Under FOLD_EVENTS_LOCK_KEY (exclusive: one fold at a time across processes) it then
 * rolls the rows in [watermark, mark) up with the request path's own rollups (rollup-statement.ts),
 * a chunk per transaction, and moves the watermark in the same transaction: a fold killed mid-way
 * rolls its chunk back, and the next fold does it again, so nothing counts twice or never.
 *
 * The mark is read 2 ms after the lock is granted, still holding it. PGlite's clock ticks in whole
 * milliseconds, so a commit just before the fold could carry the very stamp the mark would have
 * and stay pending past the fold that was meant to take it (a drain, a read's fold-first); waiting
 * out the tick puts every committed stamp strictly below the mark on either engine, at the cost of
 * holding ingestion back 2 ms per fold.
 */
export const INGEST_LOCK_KEY = 720_422;
const FOLD_EVENTS_LOCK_KEY = 720_423;
/**
 * A writer folds this long after the first commit it has not folded yet: a quarter second (1 s in
 * decision 125), so a read right after a burst finds less to fold (decision 138).
 */
export const FOLD_DELAY_MS = 250;
/** Raw rows rolled up per transaction (and so held in memory at once). */
const CHUNK_EVENTS = 20_000;

const MarkRow = z.object({ mark: z.string() });
const WatermarkRow = z.object({ from: z.string(), done: z.boolean() });
const NextRow = z.object({ at: z.string() });
const RawRow = z.object({
  w: z.string(),
  c: z.string(),
  s: z.string(),
  t: z.string(),
  p: z.string(),
  x: z.number(),
  y: z.number(),
  vw: z.number(),
  vh: z.number(),
  dw: z.number().nullable(),
  dh: z.number().nullable(),
  el: z.string().nullable(),
  ox: z.number().nullable(),
  oy: z.number().nullable(),
  sd: z.number().nullable(),
  ct: z.number(),
  ra: z.number(),
  rf: z.string().nullable(),
  vi: z.string().nullable(),
  ck: z.string().nullable(),
  eh: z.string().nullable(),
  at: z.string(),
});
type RawRow = z.infer<typeof RawRow>;

type PartCounter = ReturnType<typeof createPartCounter>;

/**
 * Folds every raw row committed before now into the rollups. Returns the heatmap part owners the
 * part counter found due a sum (the caller sums them, off its own path or not).
 */
export async function foldEvents(
  db: Db,
  options: { partCounter: PartCounter; chunkEvents?: number },
): Promise<HourPartOwner[]> {
  const [stamp] = await queryRows(
    db,
    MarkRow,
    sql`WITH held AS MATERIALIZED (SELECT pg_advisory_xact_lock(${INGEST_LOCK_KEY}) AS lock),
        ticked AS MATERIALIZED (SELECT pg_sleep(0.002) FROM held)
      SELECT clock_timestamp()::text AS mark FROM ticked`,
  );
  const mark = stamp!.mark;
  const due: HourPartOwner[] = [];
  for (;;) {
    const folded = await db.transaction((tx) =>
      foldChunk(tx as unknown as Db, mark, options.chunkEvents ?? CHUNK_EVENTS, options.partCounter),
    );
    if (folded === null) return due;
    due.push(...folded);
  }
}

/** One chunk of [watermark, mark): its rollups and the new watermark; null when nothing is left. */
async function foldChunk(
  tx: Db,
  mark: string,
  chunkEvents: number,
  partCounter: PartCounter,
): Promise<HourPartOwner[] | null> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${FOLD_EVENTS_LOCK_KEY})`);
  const [watermark] = await queryRows(
    tx,
    WatermarkRow,
    sql`SELECT folded_before::text AS from, folded_before >= ${mark}::timestamptz AS done FROM tracking_fold_watermark`,
  );
  if (!watermark || watermark.done) return null;
  // The next rows in stamp order along the b-tree (migration 0685), one more than a chunk: when it
  // is full, the chunk ends before the stamp of that last row, so each commit is folded whole, in
  // one chunk. A commit larger than a chunk (its rows all share the first stamp) is read whole.
  // Rows of a site deleted since are dropped with it (a filter, not a join, so the scan's order
  // stays). The day partition's statistics lag its newest rows, so the planner would expect a few
  // hundred and bitmap-scan and sort every pending row for each chunk: bitmap scans are off here,
  // for an ordered index scan that stops after the chunk.
  await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
  const after = (range: SQL, limit = sql``) =>
    queryRows(
      tx,
      RawRow,
      sql`SELECT e.workspace_id AS w, e.configuration_id AS c, e.session_id AS s, e.event_type AS t, e.page_url AS p,
          e.x, e.y, e.viewport_width AS vw, e.viewport_height AS vh, e.document_width AS dw, e.document_height AS dh,
          e.element_selector AS el, e.offset_x AS ox, e.offset_y AS oy, e.scroll_depth AS sd,
          (extract(epoch FROM e.client_time) * 1000)::float8 AS ct, (extract(epoch FROM e.received_at) * 1000)::float8 AS ra,
          e.referrer AS rf, e.visitor_id AS vi, e.cart_token AS ck, e.email_hash AS eh, e.ingested_at::text AS at
        FROM tracking_events e
        WHERE e.configuration_id = ANY (ARRAY(SELECT id FROM tracking_configurations))
          AND e.ingested_at >= ${watermark.from}::timestamptz AND ${range}
        ORDER BY e.ingested_at, e.tableoid, e.ctid ${limit}`,
    );
  let rows = await after(sql`e.ingested_at < ${mark}::timestamptz`, sql`LIMIT ${chunkEvents + 1}::int`);
  let to = mark;
  if (rows.length > chunkEvents) {
    to = rows[chunkEvents]!.at;
    rows = rows.filter((row) => row.at !== to);
    if (rows.length === 0) {
      rows = await after(sql`e.ingested_at = ${to}::timestamptz`);
      const [next] = await queryRows(
        tx,
        NextRow,
        sql`SELECT (${to}::timestamptz + interval '1 microsecond')::text AS at`,
      );
      to = next!.at;
    }
  }
  const due: HourPartOwner[] = [];
  for (const [hour, groups] of hoursOf(rows)) {
    const { ctes, cells } = rollupStatement(groups, hour);
    await tx.execute(sql`WITH ${ctes} SELECT 1`);
    due.push(...partCounter.add(new Date(hour).toISOString(), cells));
  }
  await tx.execute(sql`UPDATE tracking_fold_watermark SET folded_before = ${to}::timestamptz`);
  return due;
}

/** Raw rows as the request's groups (site and receipt time), by the UTC hour they were received in. */
function hoursOf(rows: readonly RawRow[]): Map<number, ReceivedEvents[]> {
  const hours = new Map<number, Map<string, ReceivedEvents>>();
  for (const row of rows) {
    const hour = hourStartOf(row.ra);
    let groups = hours.get(hour);
    if (!groups) {
      groups = new Map();
      hours.set(hour, groups);
    }
    const key = `${row.c}\u0000${row.ra}`;
    let group = groups.get(key);
    if (!group) {
      group = { workspaceId: row.w, configurationId: row.c, events: [], receivedAt: row.ra };
      groups.set(key, group);
    }
    group.events.push(eventOf(row));
  }
  return new Map([...hours].map(([hour, groups]) => [hour, [...groups.values()]]));
}

/** A raw row as the event the tracker sent (what the rollups read of it). */
function eventOf(row: RawRow): CursorEvent {
  const event: CursorEvent = {
    eventType: row.t as CursorEvent['eventType'],
    x: row.x,
    y: row.y,
    sessionId: row.s,
    pageUrl: row.p,
    timestamp: row.ct,
    viewportWidth: row.vw,
    viewportHeight: row.vh,
  };
  if (row.dw !== null) event.documentWidth = row.dw;
  if (row.dh !== null) event.documentHeight = row.dh;
  if (row.el !== null) event.elementSelector = row.el;
  if (row.ox !== null) event.offsetX = row.ox;
  if (row.oy !== null) event.offsetY = row.oy;
  if (row.sd !== null) event.scrollDepth = row.sd;
  if (row.rf !== null) event.referrer = row.rf;
  if (row.vi !== null) event.visitorId = row.vi;
  if (row.ck !== null) event.cartToken = row.ck;
  if (row.eh !== null) event.emailHash = row.eh;
  return event;
}

const FirstPendingRow = z.object({ at: z.number().nullable() });

/**
 * The receipt time (app clock, ms) of the earliest raw-first row not yet folded, or null. The
 * heatmap tile fold stops before its hour (decision 147): a tile fold that moved its mark past an
 * hour whose raw rows are still pending would leave the hour with no tile until the next tile fold,
 * its cells arriving late. The pending rows are read along the b-tree on `ingested_at` (migration
 * 0685), sequential scans off: the watermark is a run-time value, so the planner would otherwise
 * expect a third of the table and scan every partition.
 */
export async function firstPendingReceipt(db: Db): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const [row] = await queryRows(
      tx as unknown as Db,
      FirstPendingRow,
      sql`SELECT (extract(epoch FROM min(received_at)) * 1000)::float8 AS at FROM tracking_events
        WHERE ingested_at >= (SELECT folded_before FROM tracking_fold_watermark)`,
    );
    return row?.at ?? null;
  });
}

const PendingRow = z.object({ pending: z.boolean() });
const readerCounters = new WeakMap<Db, PartCounter>();
/** Databases of a process that writes the rollups in the request (TRACKING_RAW_FIRST=0). */
const rollupsInRequest = new WeakSet<Db>();

/**
 * Set once per process from TRACKING_RAW_FIRST: off, its requests write the rollups themselves, so
 * `foldFirst` returns at once instead of looking for pending rows on every read. Rows a raw-first
 * run left behind (the switch turned off since) are still folded by the scheduler's tick and the
 * tracking maintenance (`foldPending`).
 */
export function setReadersFoldFirst(db: Db, rawFirst: boolean): void {
  if (rawFirst) rollupsInRequest.delete(db);
  else rollupsInRequest.add(db);
}

/** False where requests write the rollups themselves (setReadersFoldFirst): nothing is ever pending. */
export const rawFirstReads = (db: Db): boolean => !rollupsInRequest.has(db);

/**
 * For every reader of the rollups (sessions, session pages, page counts, clicked elements, heatmap
 * parts): folds the raw rows committed so far, so a read right after an ingestion's 200 includes
 * its events. One index descent to the newest raw row when nothing is pending; nothing at all with
 * TRACKING_RAW_FIRST off (setReadersFoldFirst). Call it before the reader's own transaction, whose
 * snapshot would otherwise miss the fold.
 */
export async function foldFirst(db: Db): Promise<void> {
  if (rollupsInRequest.has(db)) return;
  await foldPending(db);
}

/** Folds whatever raw rows are pending, whatever this process's setting (the scheduler, maintenance). */
export async function foldPending(db: Db): Promise<void> {
  const [state] = await queryRows(
    db,
    PendingRow,
    // The newest stamp, one descent of each day's b-tree (migration 0685): an EXISTS over
    // `ingested_at >= watermark` was planned as a scan of the whole day.
    sql`SELECT coalesce((SELECT max(ingested_at) FROM tracking_events)
      >= (SELECT folded_before FROM tracking_fold_watermark), false) AS pending`,
  );
  if (!state?.pending) return;
  let partCounter = readerCounters.get(db);
  if (!partCounter) {
    partCounter = createPartCounter();
    readerCounters.set(db, partCounter);
  }
  for (const owner of await foldEvents(db, { partCounter })) await sumHourParts(db, owner);
}
