import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { funnelSlicesOf } from '../../../core/funnels/funnel-slices-of.ts';
import { refoldFunnelMarks } from '../../../core/funnels/refold-funnel-marks.ts';
import type { FunnelStep } from '../../../core/funnels/types.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { foldFirst } from '../tracking/fold-events.ts';
import { ChannelInputsRow, channelOfSession, EARLIER_VISIT } from './funnel-session-filter.ts';
import { epochMs, needsTrackerEvents, pixelStepMask, trackerStepMask } from './funnel-step-sql.ts';
import { latestSlicedRun, segmentRunOfFunnel, segmentsOfSession } from './segment-slices.ts';
import { writeFunnelExits } from './write-funnel-exits.ts';
import {
  rebuildFunnelRevenue,
  refreshMarkedOrders,
  refreshMovedSessions,
  revenuePlacementChanged,
  type SessionKey,
} from './write-funnel-revenue.ts';
import { countPath, type FoldedSession, writeFunnelRollups } from './write-funnel-rollups.ts';

/** A funnel as its pre-aggregates are keyed: its id, or 'checkout' for the built-in one. */
export interface FoldedFunnel {
  workspaceId: string;
  key: string;
  steps: readonly FunnelStep[];
  windowMinutes: number;
  /** The shop's time zone (its days key the daily step table). */
  timeZone: string;
}

/**
 * The received time below which no event can still arrive: the start of the oldest transaction
 * open now in this database (another one than the fold's), or now, less 5 s (a tracker write stamps its received
 * time from the app clock a moment before its transaction begins). Events received from it on are
 * read again by the next fold, so a write that commits late is still folded; re-reading is
 * idempotent (a session is re-matched from its marks). An hours-long transaction only makes folds
 * re-read more.
 */
const SETTLED = sql`least(clock_timestamp(), coalesce((SELECT min(xact_start) FROM pg_stat_activity
  WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL), clock_timestamp())) - interval '5 seconds'`;

/** One source of step marks: its events from a received time on, and its watermark column. */
interface Source {
  id: 0 | 1;
  watermark: SQL;
  table: SQL;
  /** The events received in [lo, hi) (hi null: no end) as configuration_id, session_id, at, mask, received. */
  events: (funnel: FoldedFunnel, lo: string, hi: string | null) => SQL;
}

const receivedIn = (column: SQL, lo: string, hi: string | null) =>
  sql`${column} >= ${lo}::timestamptz ${hi ? sql`AND ${column} < ${hi}::timestamptz` : sql``}`;

const SOURCES: Source[] = [
  {
    id: 0,
    watermark: sql`pixel_watermark`,
    table: sql`tracking_pixel_events`,
    events: ({ workspaceId, steps }, lo, hi) => sql`
      SELECT p.configuration_id, p.session_id, ${epochMs(sql`p.occurred_at`)} AS at, ${pixelStepMask(steps)} AS mask,
        extract(epoch FROM p.received_at)::float8 AS received
      FROM tracking_pixel_events p
      WHERE p.workspace_id = ${workspaceId}::uuid AND p.session_id IS NOT NULL
        AND ${receivedIn(sql`p.received_at`, lo, hi)}`,
  },
  {
    id: 1,
    watermark: sql`tracker_watermark`,
    table: sql`tracking_events`,
    // Every tracker event names its session (a session row may change), only page views and clicks mark.
    events: ({ workspaceId, steps }, lo, hi) => sql`
      SELECT e.configuration_id, e.session_id, ${epochMs(sql`e.client_time`)} AS at,
        ${
          needsTrackerEvents(steps)
            ? sql`CASE WHEN e.event_type IN ('page_view', 'click', 'dead_click') THEN ${trackerStepMask(steps)} ELSE 0 END`
            : sql`0`
        } AS mask,
        extract(epoch FROM e.received_at)::float8 AS received
      FROM tracking_events e
      WHERE e.workspace_id = ${workspaceId}::uuid AND ${receivedIn(sql`e.received_at`, lo, hi)}`,
  },
];

/** Sessions moved in one chunk of a fold (not a rebuild) from which it re-plans with fresh statistics (decision 174). */
const ANALYZE_AFTER = 20_000;

const BoundsRow = z.object({
  /** The watermark ('-infinity' when none) and its epoch seconds (null when none). */
  start: z.string(),
  start_epoch: z.coerce.number().nullable(),
  /** The UTC days of received time from the watermark on, their epoch seconds and event counts. */
  days: z.array(z.string()),
  day_epochs: z.array(z.coerce.number()),
  events: z.array(z.coerce.number()),
  max_seen: z.string().nullable(),
});

/** Events per fold chunk at least (whole days of received time): what one chunk holds in memory. */
const CHUNK_EVENTS = 200_000;

const marksArrays = z.object({
  times: z.array(z.coerce.number()),
  steps: z.array(z.coerce.number()),
  received: z.array(z.coerce.number()),
});
const TouchedRow = ChannelInputsRow.extend({
  configuration_id: z.string(),
  session_id: z.string(),
  fresh: marksArrays,
  stored: marksArrays.extend({ sources: z.array(z.coerce.number()), passed_at: z.array(z.coerce.number()) }),
  day: z.string().nullable(),
  device: z.string().nullable(),
  channel: z.string().nullable(),
  slices: z.array(z.string()),
  session_day: z.string().nullable(),
  session_device: z.string().nullable(),
  session_campaign: z.string().nullable(),
  session_variants: z.array(z.string()).nullable(),
  session_returning: z.boolean().nullable(),
  session_segments: z.array(z.string()).nullable(),
});

/** The slice a new visitor's session counts in (decision 202): the one a late earlier session moves it out of. */
const NEW_VISITOR_SLICE = funnelSlicesOf({ campaign: null, variants: null, returning: false })[0]!;

/**
 * The sessions one chunk of a source touches (decision 134): those with events received in the
 * chunk, and those folded before their session row existed whose row is there now; and (decision
 * 202, except in a rebuild, which reads every session row as it is now) the folded sessions still in
 * the new-visitor slice whose visitor has one of those sessions starting before them — a late earlier
 * session (or a start moved earlier by a late event) makes them returning. Each with the chunk's
 * marks of it, the marks, path and slices stored for it, and its session row's day, device, channel
 * inputs, campaign, A/B variants and whether its visitor came before (EARLIER_VISIT). Sessions with
 * no mark at all (events that pass no step, no stored row) are left out.
 */
async function readTouched(
  db: Db,
  funnel: FoldedFunnel,
  source: Source,
  lo: string,
  hi: string | null,
  rebuilding: boolean,
) {
  const { workspaceId, key, timeZone } = funnel;
  return queryRows(
    db,
    TouchedRow,
    sql`WITH fresh AS (
        SELECT x.configuration_id, x.session_id,
          coalesce(array_agg(x.at) FILTER (WHERE x.mask <> 0), '{}') AS times,
          coalesce(array_agg(x.mask) FILTER (WHERE x.mask <> 0), '{}') AS steps,
          coalesce(array_agg(x.received) FILTER (WHERE x.mask <> 0), '{}') AS received
        FROM (${source.events(funnel, lo, hi)}) x GROUP BY x.configuration_id, x.session_id),
      arrived AS (
        SELECT configuration_id, session_id FROM fresh
        UNION SELECT m.configuration_id, m.session_id FROM funnel_session_marks m
          JOIN tracking_sessions s ON s.configuration_id = m.configuration_id AND s.session_id = m.session_id
        WHERE m.workspace_id = ${workspaceId}::uuid AND m.funnel_key = ${key} AND m.day IS NULL),
      touched AS (
        SELECT configuration_id, session_id FROM arrived
        ${
          rebuilding
            ? sql``
            : sql`UNION SELECT l.configuration_id, l.session_id FROM arrived a
          JOIN tracking_sessions s ON s.configuration_id = a.configuration_id AND s.session_id = a.session_id
          JOIN tracking_sessions l ON l.workspace_id = s.workspace_id AND l.visitor_id = s.visitor_id
            AND l.started_at > s.started_at
          JOIN funnel_session_marks m ON m.workspace_id = ${workspaceId}::uuid AND m.funnel_key = ${key}
            AND m.configuration_id = l.configuration_id AND m.session_id = l.session_id
        WHERE ${NEW_VISITOR_SLICE} = ANY(m.slices)`
        })
      SELECT t.configuration_id::text, t.session_id,
        json_build_object('times', coalesce(f.times, '{}'), 'steps', coalesce(f.steps, '{}'),
          'received', coalesce(f.received, '{}')) AS fresh,
        json_build_object('times', coalesce(m.times, '{}'), 'steps', coalesce(m.steps, '{}'),
          'received', coalesce(m.received, '{}'), 'sources', coalesce(m.sources, '{}'),
          'passed_at', coalesce(m.passed_at, '{}')) AS stored,
        m.day::text AS day, m.device, m.channel, coalesce(m.slices, '{}') AS slices,
        ((s.started_at AT TIME ZONE ${timeZone})::date)::text AS session_day, s.device AS session_device,
        s.utm_campaign AS session_campaign, s.experiment_variants AS session_variants,
        CASE WHEN s.session_id IS NOT NULL THEN ${EARLIER_VISIT} END AS session_returning,
        CASE WHEN s.session_id IS NOT NULL THEN ${segmentsOfSession(workspaceId, segmentRunOfFunnel(workspaceId, key))} END
          AS session_segments,
        s.utm_source, s.utm_medium, s.referrer, s.fbclid, s.gclid, s.ttclid, s.msclkid
      FROM touched t
        LEFT JOIN fresh f ON f.configuration_id = t.configuration_id AND f.session_id = t.session_id
        -- LATERAL … LIMIT 1 (not flattened): one primary-key probe per session; a plain join was
        -- planned as a scan of the funnel's rows per session.
        LEFT JOIN LATERAL (SELECT * FROM funnel_session_marks m WHERE m.workspace_id = ${workspaceId}::uuid
          AND m.funnel_key = ${key} AND m.configuration_id = t.configuration_id AND m.session_id = t.session_id LIMIT 1) m ON true
        LEFT JOIN tracking_sessions s ON s.configuration_id = t.configuration_id AND s.session_id = t.session_id
      WHERE m.session_id IS NOT NULL OR cardinality(f.times) > 0`,
  );
}

/**
 * Folds one source into a funnel's pre-aggregates from its watermark on: the events received since,
 * in chunks of whole days of received time of at least CHUNK_EVENTS events (so a rebuild over
 * months holds one chunk in memory, and a sparse one is not a query per day), each touched
 * session re-matched from its stored and re-read marks (refoldFunnelMarks), its row replaced and the
 * daily step counts moved from its old path to its new one (and its exit page count, writeFunnelExits,
 * decision 225), and the revenue of the sessions whose
 * placement moved re-read — except in a rebuild, whose revenue is built once after all its chunks
 * (rebuildFunnelRevenue). The watermark then moves to the latest received time read, but never past
 * `settled` (SETTLED).
 */
async function foldSource(
  db: Db,
  funnel: FoldedFunnel,
  source: Source,
  settled: string,
  rebuilding: boolean,
): Promise<void> {
  const { workspaceId, key, steps, windowMinutes } = funnel;
  const state = sql`(SELECT ${source.watermark} FROM funnel_fold_state
    WHERE workspace_id = ${workspaceId}::uuid AND funnel_key = ${key})`;
  if (source.id === 1 && !needsTrackerEvents(steps)) {
    // Pixel steps only: tracker events just refresh a folded session's row, and a rebuild's pixel
    // pass has read every row as it is now, so a rebuild starts the tracker watermark at `settled`.
    const [fresh] = await queryRows(
      db,
      z.object({ rebuilt: z.boolean() }),
      sql`SELECT ${state} IS NULL AS rebuilt`,
    );
    if (fresh!.rebuilt) {
      await db.execute(sql`UPDATE funnel_fold_state SET ${source.watermark} = ${settled}::timestamptz
        WHERE workspace_id = ${workspaceId}::uuid AND funnel_key = ${key}`);
      return;
    }
  }
  // The watermark is read first and passed as a value: as a sub-select it is unknown when the next
  // statement is planned, which then expects a third of the events and scans all of them (decision 153).
  const [mark] = await queryRows(
    db,
    z.object({ at: z.string().nullable() }),
    sql`SELECT ${state}::text AS at`,
  );
  const watermark = mark?.at ?? null;
  const [bounds] = await queryRows(
    db,
    BoundsRow,
    sql`WITH days AS (
        SELECT date_trunc('day', received_at, 'UTC') AS day, count(*) AS events, max(received_at) AS last
        FROM ${source.table}
        WHERE workspace_id = ${workspaceId}::uuid AND received_at >= ${watermark ?? '-infinity'}::timestamptz
        GROUP BY 1)
      SELECT ${watermark ?? '-infinity'}::text AS start,
        ${watermark === null ? sql`NULL` : sql`extract(epoch FROM ${watermark}::timestamptz)::float8`} AS start_epoch,
        coalesce(array_agg(day::text ORDER BY day), '{}') AS days,
        coalesce(array_agg(extract(epoch FROM day)::float8 ORDER BY day), '{}') AS day_epochs,
        coalesce(array_agg(events ORDER BY day), '{}') AS events,
        (SELECT max(last) FROM days)::text AS max_seen
      FROM days`,
  );
  const { start, start_epoch: startEpoch, days, day_epochs: dayEpochs, events, max_seen: maxSeen } = bounds!;
  // Chunks of whole UTC days of received time, each of at least CHUNK_EVENTS events (the last: the rest).
  const starts = [start];
  const startEpochs = [startEpoch];
  let pending = 0;
  for (const [i, day] of days.entries()) {
    if (i > 0 && pending >= CHUNK_EVENTS) {
      starts.push(day);
      startEpochs.push(dayEpochs[i]!);
      pending = 0;
    }
    pending += events[i]!;
  }
  for (const [chunk, lo] of starts.entries()) {
    const touched = await readTouched(db, funnel, source, lo, starts[chunk + 1] ?? null, rebuilding);
    const counts = new Map<string, number>();
    const moved: SessionKey[] = [];
    const folded: FoldedSession[] = touched.map((row) => {
      const { marks, passedAt } = refoldFunnelMarks(
        steps.length,
        windowMinutes * 60_000,
        row.stored,
        source.id,
        startEpochs[chunk] ?? Number.NEGATIVE_INFINITY,
        row.fresh,
      );
      countPath(
        counts,
        {
          passedAt: row.stored.passed_at,
          day: row.day,
          device: row.device,
          channel: row.channel,
          slices: row.slices,
        },
        -1,
      );
      const session: FoldedSession = {
        configurationId: row.configuration_id,
        sessionId: row.session_id,
        marks,
        passedAt,
        day: row.session_day,
        device: row.session_day ? row.session_device : null,
        channel: row.session_day ? channelOfSession(row) : null,
        slices: row.session_day
          ? funnelSlicesOf({
              campaign: row.session_campaign,
              variants: row.session_variants,
              returning: row.session_returning,
              segments: row.session_segments,
            })
          : [],
      };
      countPath(counts, session, 1);
      const before = { ...row, stepsPassed: row.stored.passed_at.length };
      if (!rebuilding && revenuePlacementChanged(before, { ...session, stepsPassed: passedAt.length }))
        moved.push(session);
      return session;
    });
    await writeFunnelRollups(db, workspaceId, key, folded, counts);
    await writeFunnelExits(db, workspaceId, key, touched);
    // A large backlog's chunk: the statistics may still describe much smaller tables, on which the
    // planner took the day indexes for the per-session probes (a scan of the funnel's rows per
    // session, decision 174); ANALYZE sees this transaction's own rows.
    if (moved.length >= ANALYZE_AFTER)
      await db.execute(sql`ANALYZE funnel_session_marks, funnel_buyer_sessions`);
    await refreshMovedSessions(db, workspaceId, key, moved);
  }
  if (maxSeen)
    await db.execute(sql`UPDATE funnel_fold_state
      SET ${source.watermark} = least(${settled}::timestamptz, ${maxSeen}::timestamptz)
      WHERE workspace_id = ${workspaceId}::uuid AND funnel_key = ${key}`);
}

/**
 * Brings a funnel's pre-aggregates (decision 134) up to the events received so far: run by the job
 * after ingestion and first thing by every report (fold-first, so the report never misses the
 * pending tail). In one transaction under the funnel's advisory lock, so two folds never interleave
 * and a fold that fails leaves the previous state whole. A funnel whose definition (steps, window)
 * or shop time zone differs from the one its rollups were built for is rebuilt from no watermark.
 */
export async function foldFunnel(db: Db, funnel: FoldedFunnel): Promise<void> {
  const { workspaceId, key, steps, windowMinutes, timeZone } = funnel;
  const definition = JSON.stringify({ steps, windowMinutes, timeZone });
  // Raw-first ingestion (decision 125): raw rows not rolled up yet become sessions first.
  await foldFirst(db);
  // The funnel's fold state exists, committed, before its first fold starts (its definition empty:
  // that fold still rebuilds), so the order triggers, which mark per fold state, mark the order
  // changes committed while that first fold runs (decision 188; before, only after it committed).
  await db.execute(sql`INSERT INTO funnel_fold_state (workspace_id, funnel_key, definition)
    VALUES (${workspaceId}::uuid, ${key}, '') ON CONFLICT (workspace_id, funnel_key) DO NOTHING`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`funnel-fold:${workspaceId}:${key}`}))`);
    await tx.execute(sql`SET LOCAL jit = off`);
    const [state] = await queryRows(
      tx,
      z.object({ definition: z.string() }),
      sql`SELECT definition FROM funnel_fold_state WHERE workspace_id = ${workspaceId}::uuid AND funnel_key = ${key}`,
    );
    const rebuilding = state?.definition !== definition;
    if (rebuilding) {
      await tx.execute(
        sql`DELETE FROM funnel_session_marks WHERE workspace_id = ${workspaceId}::uuid AND funnel_key = ${key}`,
      );
      for (const table of [
        'funnel_step_days',
        'funnel_step_buckets',
        'funnel_exit_pages',
        'funnel_buyer_sessions',
        'funnel_revenue_days',
        'funnel_dirty_orders',
      ])
        await tx.execute(
          sql`DELETE FROM ${sql.identifier(table)} WHERE workspace_id = ${workspaceId}::uuid AND funnel_key = ${key}`,
        );
      await tx.execute(sql`INSERT INTO funnel_fold_state (workspace_id, funnel_key, definition)
        VALUES (${workspaceId}::uuid, ${key}, ${definition})
        ON CONFLICT (workspace_id, funnel_key) DO UPDATE SET definition = EXCLUDED.definition,
          pixel_watermark = NULL, tracker_watermark = NULL, segment_run_id = ${latestSlicedRun(workspaceId)}`);
    }
    const [clock] = await queryRows(
      tx,
      z.object({ settled: z.string() }),
      sql`SELECT (${SETTLED})::text AS settled`,
    );
    for (const source of SOURCES) await foldSource(tx, funnel, source, clock!.settled, rebuilding);
    // A rebuild's revenue, from every buying session at once (decision 188).
    if (rebuilding) await rebuildFunnelRevenue(tx, workspaceId, key);
    // Orders written, refunded, re-costed or joined since the last fold (decision 174).
    await refreshMarkedOrders(tx, workspaceId, key);
    await tx.execute(sql`UPDATE funnel_fold_state SET folded_at = now()
      WHERE workspace_id = ${workspaceId}::uuid AND funnel_key = ${key}`);
  });
}
