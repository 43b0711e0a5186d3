import { sql } from 'drizzle-orm';
import { DAY_MS } from '../../../../shared/calendar.ts';
import type { CursorEvent } from '../../../../shared/contracts/cursor-tracking.ts';
import type { Db } from '../../../db/client.ts';
import { FOLD_DELAY_MS, foldEvents } from '../../../domain/tracking/fold-events.ts';
import { hourStartOf } from '../../../domain/tracking/heatmap-tiles.ts';
import { createPartCounter, type HourPartOwner, sumHourParts } from '../../../domain/tracking/hour-parts.ts';
import {
  applyTrackingRetention,
  ensureEventPartition,
  utcDayOf,
} from '../../../domain/tracking/partitions.ts';
import { rollupStatement } from '../../../domain/tracking/rollup-statement.ts';
import { FOLD_MARGIN_MS, foldHeatmapTiles } from './heatmap-fold.ts';
import { insertRawFirstEvents, rawEventsInsertWithRollups } from './raw-insert.ts';

/**
 * Raw-first group commit: at most one group taken off the queue per this many ms while another
 * commit is in flight (decision 176: a request that finds none commits at once).
 */
const GROUP_WINDOW_MS = 5;
/** Raw-first: unfolded events that start a fold without waiting for FOLD_DELAY_MS (decision 176). */
const FOLD_AFTER_EVENTS = 4_000;

/** One accepted request's events, owned by one configuration of one workspace. */
export interface EventBatch {
  workspaceId: string;
  configurationId: string;
  events: CursorEvent[];
}

interface Pending {
  batch: EventBatch;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface EventWriterOptions {
  clock: () => Date;
  /** Raw-event retention in days (TRACKING_RETENTION_DAYS). */
  retentionDays: number;
  /** Upper bound of events written by one transaction. */
  maxEventsPerCommit?: number;
  /**
   * Commits in flight at once (2 by default): while PostgreSQL writes one group, the next is
   * collected and sent, so neither the app nor the database waits for the other.
   */
  concurrentCommits?: number;
  /**
   * Raw-first: the least time between two groups taken off the queue while another commit is in
   * flight (GROUP_WINDOW_MS by default). A busy writer gathers the requests of that window into one
   * commit, so the per-commit cost (the statement, the commit's WAL flush) is shared by more events;
   * a request that finds no commit in flight is committed at once (decision 176).
   */
  groupWindowMs?: number;
  /** Raw-first: how long after its first unfolded commit the writer folds (FOLD_DELAY_MS by default). */
  foldDelayMs?: number;
  /**
   * Raw-first: the writer folds at once when this many events are committed and not folded yet
   * (FOLD_AFTER_EVENTS by default), so a burst leaves at most about that many rows for a read to
   * read through (decision 176).
   */
  foldAfterEvents?: number;
  /**
   * Parts of one heatmap owner and hour (per level) summed into one part of the next level
   * (hour-parts.ts; PARTS_PER_SUM by default).
   */
  partsPerSum?: number;
  /**
   * Told about failed work no request waits for: the daily maintenance (retention, tile fold) and
   * hour-part sums.
   */
  onMaintenanceError: (error: unknown) => void;
  /**
   * Raw-first ingestion (TRACKING_RAW_FIRST, decision 125): a commit writes the raw rows alone and
   * a fold (fold-events.ts) rolls them up about FOLD_DELAY_MS later, or sooner when a reader folds
   * first; the default since decision 147. `false`: each commit writes its rollups too.
   */
  rawFirst?: boolean;
}

export interface EventWriter {
  /** Resolves once the batch is committed (durable), rejects if its transaction failed. */
  write(batch: EventBatch): Promise<void>;
  /**
   * Waits for everything submitted so far, and for the part sums and maintenance it started;
   * raw-first, folds what it wrote.
   */
  drain(): Promise<void>;
}

/**
 * Group commit: requests that arrive while a transaction is in flight wait together and are
 * written by the next transaction as one multi-row insert per table (raw events, sessions, session
 * pages, pages, clicked elements) plus one heatmap hour part per cell owner, holding the group's
 * cells as arrays (decision 085); raw-first (decision 125), the raw events alone, which a fold
 * rolls up and every reader folds first. Each request is answered only after its transaction has
 * committed, so a 2xx always means the events are on disk, and in every rollup a read sees, while
 * a busy server still writes few, large transactions. Nothing is held in memory that a restart
 * could lose.
 */
export function createEventWriter(db: Db, options: EventWriterOptions): EventWriter {
  const rawFirst = options.rawFirst ?? true;
  const groupWindowMs = rawFirst ? (options.groupWindowMs ?? GROUP_WINDOW_MS) : 0;
  let lastTakenAt = Number.NEGATIVE_INFINITY;
  const maxEvents = options.maxEventsPerCommit ?? 20_000;
  let queue: Pending[] = [];
  const maxRunners = options.concurrentCommits ?? 2;
  const runners = new Set<Promise<void>>();
  const preparedDays = new Set<string>();
  let maintenance: Promise<void> = Promise.resolve();
  let maintainedHour = '';
  const partCounter = createPartCounter(options.partsPerSum);
  let partSums: Promise<void> = Promise.resolve();
  let folding: Promise<void> = Promise.resolve();
  let foldTimer: NodeJS.Timeout | null = null;
  /** Raw-first: a fold is queued and has not taken its mark yet. */
  let foldQueued = false;
  /** Raw-first: events committed since the last fold was asked for. */
  let unfolded = 0;
  const foldAfterEvents = options.foldAfterEvents ?? FOLD_AFTER_EVENTS;
  /** Commits in flight now: the group window waits only while one is (decision 176). */
  let committing = 0;

  /**
   * Raw-first: one fold at a time, FOLD_DELAY_MS after the first commit it will include or once
   * FOLD_AFTER_EVENTS are unfolded. A fold queued behind a running one and not started yet takes
   * its mark when it starts, so it covers every commit before that: a second one is not queued.
   */
  function fold(): Promise<void> {
    if (foldTimer) clearTimeout(foldTimer);
    foldTimer = null;
    unfolded = 0;
    if (foldQueued) return folding;
    foldQueued = true;
    folding = folding
      .then(() => {
        foldQueued = false;
        return foldEvents(db, { partCounter });
      })
      .then(
        (due) => sumParts(due),
        (error: unknown) => options.onMaintenanceError(error),
      );
    return folding;
  }

  function scheduleFold(): void {
    if (foldTimer) return;
    foldTimer = setTimeout(() => void fold(), options.foldDelayMs ?? FOLD_DELAY_MS);
    foldTimer.unref();
  }

  /** Off the request path, one after another; a failed one leaves the parts for the tile fold. */
  function sumParts(owners: readonly HourPartOwner[]): void {
    for (const owner of owners)
      partSums = partSums
        .then(() => sumHourParts(db, owner, options.partsPerSum))
        .then(
          () => undefined,
          (error: unknown) => options.onMaintenanceError(error),
        );
  }

  async function prepareDay(day: string): Promise<void> {
    if (preparedDays.has(day)) return;
    await ensureEventPartition(db, day);
    // Once per new day and process: tomorrow's partition ahead of midnight, and retention.
    await ensureEventPartition(db, utcDayOf(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS)));
    preparedDays.add(day);
    const now = options.clock();
    maintain(() => applyTrackingRetention(db, now, options.retentionDays));
  }

  /** Off the request path (its deletes and sums can take seconds): nobody waits for it but drain(). */
  function maintain(task: () => Promise<unknown>): void {
    maintenance = maintenance.then(task).then(
      () => undefined,
      (error: unknown) => options.onMaintenanceError(error),
    );
  }

  /**
   * Once an hour and process: fold finished hours into heatmap tiles. Started a few minutes into
   * the hour, once the previous one can be folded (FOLD_MARGIN_MS).
   */
  function foldHourly(at: Date): void {
    const hour = new Date(at.getTime() - FOLD_MARGIN_MS).toISOString().slice(0, 13);
    if (hour === maintainedHour) return;
    maintainedHour = hour;
    // Raw-first, the raw rows first: the tile fold stops before the hour of any row still pending
    // (decision 147), and rows committed after this fold for a folded hour are late cells, which
    // the next tile fold takes.
    maintain(async () => {
      if (rawFirst) await fold();
      await foldHeatmapTiles(db, at);
    });
  }

  /**
   * Writes a group in one statement (one atomic, durable commit and one round trip). With the
   * rollups in the request it returns the owners whose hour parts are now due a sum. Raw-first
   * (decision 125, the default) it writes the raw rows alone, stamped with the database clock read
   * under the fold's shared ingestion lock, and folds once FOLD_AFTER_EVENTS are unfolded, or
   * FOLD_DELAY_MS after its first unfolded commit (decision 176).
   */
  async function commit(group: Pending[]): Promise<HourPartOwner[]> {
    const receivedAt = options.clock();
    const day = utcDayOf(receivedAt);
    await prepareDay(day);
    foldHourly(receivedAt);
    const received = receivedAt.toISOString();
    const batches = group.map(({ batch }) => batch);
    if (rawFirst) {
      await insertRawFirstEvents(db, batches, received);
      for (const { batch } of group) unfolded += batch.events.length;
      if (unfolded >= foldAfterEvents) void fold();
      else scheduleFold();
      return [];
    }
    const { ctes, cells } = rollupStatement(
      group.map(({ batch }) => ({ ...batch, receivedAt: receivedAt.getTime() })),
      receivedAt.getTime(),
    );
    // The rollups' CTEs run after the main query, the function's long insert of the raw events, so the next
    // group's transaction runs its insert while this one holds the hot rows (rollup-statement.ts).
    await db.execute(sql`WITH ${ctes} SELECT ${rawEventsInsertWithRollups(batches, received)}`);
    return partCounter.add(new Date(hourStartOf(receivedAt.getTime())).toISOString(), cells);
  }

  /**
   * Group commit across the window: while another commit is in flight, waits until groupWindowMs
   * after the last group was taken, unless a full group is queued already. With none in flight the
   * group goes at once: waiting would only delay a lone request (decision 176). Nobody is answered
   * before their group has committed.
   */
  async function gather(): Promise<void> {
    if (committing === 0) return;
    const wait = lastTakenAt + groupWindowMs - performance.now();
    if (wait <= 0) return;
    let queued = 0;
    for (const pending of queue) queued += pending.batch.events.length;
    if (queued < maxEvents) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  function takeGroup(): Pending[] {
    lastTakenAt = performance.now();
    let events = 0;
    let taken = 0;
    while (taken < queue.length && (taken === 0 || events + queue[taken]!.batch.events.length <= maxEvents)) {
      events += queue[taken]!.batch.events.length;
      taken += 1;
    }
    const group = queue.slice(0, taken);
    queue = queue.slice(taken);
    return group;
  }

  /**
   * One runner: commits groups until the queue is empty. `active` is decremented in the same
   * synchronous step that finds the queue empty, so a write arriving right after always either
   * sees a runner that will take it or starts one.
   */
  let active = 0;
  async function run(): Promise<void> {
    while (queue.length > 0) {
      await gather();
      // The other runner may have taken everything meanwhile.
      if (queue.length === 0) break;
      const group = takeGroup();
      committing += 1;
      try {
        sumParts(await commit(group));
        for (const pending of group) pending.resolve();
      } catch (error) {
        for (const pending of group) pending.reject(error);
      } finally {
        committing -= 1;
      }
    }
    active -= 1;
  }

  return {
    write(batch) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ batch, resolve, reject });
        if (active < maxRunners) {
          active += 1;
          const runner: Promise<void> = run().finally(() => runners.delete(runner));
          runners.add(runner);
        }
      });
    },
    async drain() {
      while (runners.size > 0) await Promise.all([...runners]);
      if (rawFirst) await fold();
      await maintenance;
      // After the maintenance: its raw-first folds queue part sums too.
      await partSums;
    },
  };
}
