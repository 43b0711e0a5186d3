import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRowsWithoutJit } from '../../db/query-rows.ts';
import { epochMs } from './funnel-step-sql.ts';
import { type RollupQuery, rollupRows } from './read-funnel-rollups.ts';

/** The sessions a drill-down lists at most (the contract's "latest 50"). */
export const LATEST = 50;

/** Walks reading more than 1 / RARE of the period's paths, and RARE times the rows they keep: a rare filter. */
const RARE = 4;

/** A step's drill-down as the database gives it: counts, exit pages and the latest sessions. */
export const DrillDownRow = z.object({
  sessions: z.coerce.number(),
  left_here: z.coerce.number(),
  exit_pages: z.array(
    z.object({ tracking_id: z.string(), page_url: z.string(), sessions: z.coerce.number() }),
  ),
  latest: z.array(
    z.object({
      session_id: z.string(),
      tracking_id: z.string(),
      started_at: z.number(),
      device: z.string().nullable(),
      exit_page: z.string(),
      furthest_step: z.coerce.number(),
      revenue: z.coerce.number(),
    }),
  ),
});
export type DrillDownRow = z.infer<typeof DrillDownRow>;

/** Exit pages (`e`: tracking_id, page_url, sessions) as DrillDownRow's `exit_pages`, most sessions first. */
export const exitPagesJson = (pages: SQL) =>
  sql`SELECT coalesce(json_agg(e ORDER BY e.sessions DESC, e.page_url COLLATE "C", e.tracking_id COLLATE "C"), '[]')
    FROM (${pages}) e`;

/**
 * The latest sessions (`l`: configuration_id, session_id, started_at, device, exit_page, furthest,
 * left_here) as DrillDownRow's `latest`, in its order, with their websites' tracking ids and their
 * orders' revenue (funnel_buyer_sessions, one primary-key probe each).
 */
export const latestJson = (workspaceId: string, key: string, latest: SQL) =>
  sql`SELECT coalesce(json_agg(json_build_object('session_id', l.session_id, 'tracking_id', c.tracking_id,
      'started_at', ${epochMs(sql`l.started_at`)}, 'device', l.device, 'exit_page', l.exit_page,
      'furthest_step', l.furthest, 'revenue', coalesce(r.revenue, 0))
      ORDER BY l.left_here DESC, l.started_at DESC, l.session_id COLLATE "C"), '[]')
    FROM (${latest}) l
      JOIN tracking_configurations c ON c.id = l.configuration_id
      LEFT JOIN funnel_buyer_sessions r ON r.workspace_id = ${workspaceId}::uuid AND r.funnel_key = ${key}
        AND r.configuration_id = l.configuration_id AND r.session_id = l.session_id`;

/**
 * A funnel step's drill-down (decision 225) from the pre-aggregates, for the filters the daily tables
 * key (none, device, channel, one slice): the sessions that passed step `step` (1-based) and went no
 * further by each number of steps passed, from funnel_step_buckets as the report counts them; the
 * exit pages from funnel_exit_pages; the latest 50 by walking funnel_session_marks_latest_idx per
 * number of steps passed, newest first, from the period's end: those that left at `step` first (only
 * that walk when 50 or more did), then the others merged by start. A walk is skipped when the tables
 * say no session of the filter is on it, so a filter no session has costs no walk. Null under a rare
 * filter (the walks would read a large share of the period's paths to keep few: RARE, from the counts
 * under the filter and unfiltered): the caller then reads over the period's filtered sessions
 * (decision 208), which filters the narrow session rows before it joins their paths. O(days × rows
 * per day) for the counts and pages, and the walks, whatever the period's sessions.
 */
export async function readFunnelStepRollups(
  db: Db,
  key: string,
  query: RollupQuery & { timeZone: string; step: number; stepCount: number },
): Promise<DrillDownRow | null> {
  const { workspaceId, timeZone, from, to, step, stepCount, slice, device, channel } = query;
  // Per step at or past `step`, and step 1 (0-based 0, the rare guard's denominator: the period's paths,
  // decision 226; without it every selective filter at step 2 and on counted as rare): the sessions
  // that passed it under the filter, and all of them (slice '').
  // JIT off as in the second statement: at 10M its plan's cost nears jit_above_cost (7.2k at 1M).
  const passedRows = await queryRowsWithoutJit(
    db,
    z.object({ step: z.number().int(), sessions: z.coerce.number(), all: z.coerce.number() }),
    sql`SELECT f.step, coalesce(sum(f.sessions) FILTER (WHERE ${rollupRows('f', key, query)}), 0) AS sessions,
        coalesce(sum(f.sessions) FILTER (WHERE f.slice = ''), 0) AS all
      FROM funnel_step_buckets f
      WHERE (${rollupRows('f', key, { workspaceId, from, to, slice: '' })}
          OR ${rollupRows('f', key, query)}) AND (f.step >= ${step - 1} OR f.step = 0)
      GROUP BY f.step`,
  );
  // passed[i]: sessions that passed step i + 1; leftAt(f): those that passed exactly f steps.
  const counted = (pick: (r: (typeof passedRows)[number]) => number) =>
    Array.from({ length: stepCount + 1 }, (_, i) => {
      const r = passedRows.find((row) => row.step === i);
      return r ? pick(r) : 0;
    });
  const [passed, passedAll] = [counted((r) => r.sessions), counted((r) => r.all)];
  const leftAt = (f: number, of = passed) => of[f - 1]! - of[f]!;
  const kept = sql`m.workspace_id = ${workspaceId}::uuid AND m.funnel_key = ${key} AND m.started_at IS NOT NULL
    AND m.day BETWEEN ${from}::date AND ${to}::date
    ${slice ? sql`AND m.slices @> ARRAY[${slice}::text]` : sql``}
    ${device ? sql`AND m.device = ${device}` : sql``} ${channel ? sql`AND m.channel = ${channel}` : sql``}`;
  const columns = sql`m.configuration_id, m.session_id, m.started_at, m.device, m.exit_page,
    cardinality(m.passed_at) AS furthest, cardinality(m.passed_at) = ${step} AS left_here`;
  // The walks (f: steps passed, n: rows wanted): only f = step when 50 or more left there, and none
  // whose count under the filter is 0. A walk finds its rows after about n × all / filtered rows.
  const walks = Array.from({ length: stepCount - step + 1 }, (_, i) => step + i)
    .filter((f) => leftAt(f) > 0 && (f === step || leftAt(step) < LATEST))
    .map((f) => ({ f, n: f === step ? LATEST : LATEST - leftAt(step) }));
  const walked = walks.reduce(
    (sum, { f, n }) => sum + Math.min(leftAt(f, passedAll), (n * leftAt(f, passedAll)) / leftAt(f)),
    0,
  );
  const found = walks.reduce((sum, { f, n }) => sum + Math.min(n, leftAt(f)), 0);
  // A rare filter: the walks would read a large share of the period's paths, mostly to discard them.
  if (walked > passedAll[0]! / RARE && walked > RARE * found) return null;
  const latest =
    walks.length === 0
      ? sql`SELECT '[]'::json`
      : latestJson(
          workspaceId,
          key,
          sql`SELECT * FROM (${sql.join(
            walks.map(
              ({ f, n }) => sql`(SELECT ${columns} FROM funnel_session_marks m
                WHERE ${kept} AND cardinality(m.passed_at) = ${f}
                  AND m.started_at >= (${from}::date)::timestamp AT TIME ZONE ${timeZone}
                  AND m.started_at < (${to}::date + 1)::timestamp AT TIME ZONE ${timeZone}
                ORDER BY m.started_at DESC, m.session_id COLLATE "C" LIMIT ${n})`,
            ),
            sql` UNION ALL `,
          )}) w ORDER BY w.left_here DESC, w.started_at DESC, w.session_id COLLATE "C" LIMIT ${LATEST}`,
        );
  const [row] = await queryRowsWithoutJit(
    db,
    z.object({ exit_pages: DrillDownRow.shape.exit_pages, latest: DrillDownRow.shape.latest }),
    sql`SELECT (${exitPagesJson(sql`SELECT c.tracking_id, x.page_url, sum(x.sessions) AS sessions
          FROM funnel_exit_pages x JOIN tracking_configurations c ON c.id = x.configuration_id
          WHERE ${rollupRows('x', key, query)} AND x.step = ${step}
          GROUP BY c.tracking_id, x.page_url HAVING sum(x.sessions) <> 0`)}) AS exit_pages,
      (${latest}) AS latest`,
  );
  return {
    sessions: passed[step - 1]!,
    left_here: leftAt(step),
    exit_pages: row?.exit_pages ?? [],
    latest: row?.latest ?? [],
  };
}
