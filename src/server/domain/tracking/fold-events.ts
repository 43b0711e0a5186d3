import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { campaignOf } from '../../../shared/campaign-url.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { foldStatement } from './fold-statement.ts';
import { createPartCounter, type HourPartOwner, sumHourParts } from './hour-parts.ts';
import { pageKeyOf } from './rollup.ts';

/**
 * Raw-first ingestion's fold (TRACKING_RAW_FIRST, decision 125). A request writes raw rows only,
 * each commit stamping its rows with `clock_timestamp()` read while it holds INGEST_LOCK_KEY in
 * shared mode. A fold takes that lock exclusively for one statement, to read the database clock as
 * its mark: every commit holding the lock has committed by then, and every later commit reads its
 * stamp after the mark, so the rows below the mark are all visible and no row ever appears below
 * it later. Under FOLD_EVENTS_LOCK_KEY (exclusive: one fold at a time across processes) it then
 * rolls the rows in [watermark, mark) up with one set-based statement (fold-statement.ts, decision 193),
 * a chunk per transaction, and moves the watermark in the same transaction: a fold killed mid-way
 * rolls its chunk back, and the next fold does it again, so nothing counts twice or never.
 *
 * The mark is the first clock reading after the lock is granted that is later than the one read
 * on being granted it, still holding the lock: the next tick of the database clock. PGlite's clock
 * ticks in whole milliseconds, so a commit just before the fold could carry the very stamp read on
 * being granted the lock, and would stay pending past the fold that was meant to take it (a drain,
 * a read's fold-first); the next tick puts every committed stamp strictly below the mark on either
 * engine. It holds ingestion back for up to a millisecond on PGlite and about a microsecond on
 * PostgreSQL, whose clock ticks in microseconds (decision 212; a fixed 2 ms sleep before).
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
const ChunkRow = z.object({ upto: z.string(), urls: z.array(z.string()) });
const OwnerRow = z.object({ c: z.string(), p: z.string(), v: z.string(), t: z.string(), h: z.number() });

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
    sql`WITH RECURSIVE held AS MATERIALIZED (SELECT pg_advisory_xact_lock(${INGEST_LOCK_KEY}) AS lock),
        granted AS MATERIALIZED (SELECT clock_timestamp() AS at FROM held),
        tick(at) AS (SELECT clock_timestamp() FROM granted
          UNION ALL SELECT clock_timestamp() FROM tick, granted WHERE tick.at <= granted.at)
      SELECT max(at)::text AS mark FROM tick`,
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
  // The chunk ends before the stamp of the row one past a chunk in stamp order (along the b-tree of
  // migration 0685), so each commit is folded whole, in one chunk; a commit larger than a chunk (the
  // first stamp is that row's) is taken whole. The day partition's statistics lag its newest rows and
  // the bounds are run-time values, so the planner would bitmap-scan or scan every partition: both
  // are off here, for ordered index scans of the pending rows only. The chunk's page URLs come back
  // for the app to key (pageKeyOf, campaignOf); the rollups are then one statement (fold-statement.ts).
  await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
  await tx.execute(sql`SET LOCAL enable_seqscan = off`);
  // The statement sorts a chunk's rows per session (its window and ordered aggregates): in memory.
  await tx.execute(sql`SET LOCAL work_mem = '32MB'`);
  const pending = sql`ingested_at >= ${watermark.from}::timestamptz AND ingested_at < ${mark}::timestamptz`;
  const [chunk] = await queryRows(
    tx,
    ChunkRow,
    sql`WITH first AS (SELECT min(ingested_at) AS at FROM tracking_events WHERE ${pending}),
        nth AS (SELECT ingested_at AS at FROM tracking_events WHERE ${pending}
          ORDER BY ingested_at OFFSET ${chunkEvents}::int LIMIT 1),
        bound AS (SELECT CASE WHEN nth.at IS NULL THEN ${mark}::timestamptz
            WHEN nth.at = first.at THEN nth.at + interval '1 microsecond' ELSE nth.at END AS upto
          FROM first LEFT JOIN nth ON true)
      SELECT upto::text AS upto, ARRAY(SELECT DISTINCT page_url FROM tracking_events
          WHERE ingested_at >= ${watermark.from}::timestamptz AND ingested_at < bound.upto) AS urls
      FROM bound`,
  );
  const due: HourPartOwner[] = [];
  if (chunk!.urls.length > 0) {
    const pages = chunk!.urls.map((u) => ({ u, k: pageKeyOf(u), ...campaignOf(u) }));
    const owners = await queryRows(
      tx,
      OwnerRow,
      foldStatement({ from: watermark.from, to: chunk!.upto }, pages),
    );
    // Owners by hour, earliest first: the counter starts again at each new hour (hour-parts.ts).
    owners.sort((a, b) => a.h - b.h);
    for (let start = 0; start < owners.length; ) {
      let end = start;
      while (end < owners.length && owners[end]!.h === owners[start]!.h) end++;
      const keys = owners.slice(start, end).map((o) => ({
        key: { configurationId: o.c, pageUrl: o.p, viewportBucket: o.v, eventType: o.t },
      }));
      due.push(...partCounter.add(new Date(owners[start]!.h).toISOString(), keys));
      start = end;
    }
  }
  await tx.execute(sql`UPDATE tracking_fold_watermark SET folded_before = ${chunk!.upto}::timestamptz`);
  return due;
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
