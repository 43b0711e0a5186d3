import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import { utcDayOf } from './partitions.ts';

/** Advisory-lock key serialising folds across app processes. */
const FOLD_LOCK_KEY = 720_421;
const DAY_MS = 86_400_000;
/**
 * A day is folded once it has been over for this long: a commit takes its receipt time (and so
 * its day) just before it commits, so a day may still gain cells for a moment after midnight,
 * and app processes' clocks may differ a little. An hour covers both with room to spare.
 */
export const FOLD_MARGIN_MS = 3_600_000;
/** Month cells summed over every viewport bucket, or over clicks and moves (the heatmap's "all"). */
export const ALL = '*';

/**
 * Month cells of the folded days, per bucket and type and pre-summed for the heatmap's "all", in
 * one pass: the sets without a type keep clicks and moves only (scroll is never part of "all").
 */
function monthCellsOf(after: string, through: string) {
  const month = sql`date_trunc('month', day::timestamp)::date`;
  return sql`
    SELECT workspace_id, configuration_id, page_url, ${month}, coalesce(viewport_bucket, ${ALL}::text),
      coalesce(event_type, ${ALL}::text), x_bin, y_bin,
      CASE WHEN GROUPING(event_type) = 1 THEN sum(count) FILTER (WHERE event_type IN ('click', 'cursor_move'))
        ELSE sum(count) END
    FROM tracking_heatmap_cells WHERE day > ${after}::date AND day <= ${through}::date
    GROUP BY workspace_id, configuration_id, page_url, ${month}, x_bin, y_bin,
      GROUPING SETS ((viewport_bucket, event_type), (event_type), (viewport_bucket), ())
    HAVING GROUPING(event_type) = 0 OR count(*) FILTER (WHERE event_type IN ('click', 'cursor_move')) > 0`;
}

/**
 * Sums the daily heatmap cells of every finished day not yet folded into month cells, and moves
 * the `folded_through` mark in the same transaction, so a reader always sees each day exactly once
 * (from month cells up to the mark, from daily cells after it). Idempotent; several processes may
 * call it at once. Returns the new mark, or null when there was nothing to fold.
 */
export async function foldHeatmapMonths(db: Db, now: Date): Promise<string | null> {
  const through = utcDayOf(new Date(now.getTime() - FOLD_MARGIN_MS - DAY_MS));
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FOLD_LOCK_KEY})`);
    const [state] = await queryRows<{ through: string }>(
      tx as unknown as Db,
      sql`SELECT folded_through::text AS through FROM tracking_heatmap_fold_state`,
    );
    if (state && state.through >= through) return null;
    await tx.execute(sql`
      INSERT INTO tracking_heatmap_month_cells AS m (workspace_id, configuration_id, page_url, month, viewport_bucket,
        event_type, x_bin, y_bin, count)
      ${monthCellsOf(state?.through ?? '-infinity', through)}
      ON CONFLICT (configuration_id, page_url, viewport_bucket, event_type, month, x_bin, y_bin)
      DO UPDATE SET count = m.count + EXCLUDED.count`);
    await tx.execute(sql`
      INSERT INTO tracking_heatmap_fold_state (id, folded_through) VALUES (true, ${through}::date)
      ON CONFLICT (id) DO UPDATE SET folded_through = EXCLUDED.folded_through`);
    return through;
  });
}

/** An inclusive range of days (`YYYY-MM-DD`); open ends are undefined. */
export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}

export interface HeatmapReadPlan {
  /** Month cells to read (months by their first day), or null. */
  months: { from: string | undefined; to: string } | null;
  /** Daily cells to read: up to two ranges, around the months. */
  days: DayRange[];
}

const addDays = (day: string, days: number) =>
  utcDayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const isFirstOfMonth = (day: string) => day.endsWith('-01');

/**
 * Which cells answer a heatmap over `range` when the days up to `foldedThrough` are in month
 * cells: the folded days of months lying wholly inside the range come from month cells, every
 * other day of the range from daily cells. Pure, so the split is tested on its own.
 */
export function planHeatmapRead(range: DayRange, foldedThrough: string | null): HeatmapReadPlan {
  if (foldedThrough === null) return { months: null, days: [range] };
  const { from, to } = range;
  // First day of the first whole month in the range, and the last day of the last one.
  const monthsFrom =
    from === undefined || isFirstOfMonth(from) ? from : firstOfMonth(addDays(firstOfMonth(from), 32));
  const monthsTo =
    to === undefined ? undefined : isFirstOfMonth(addDays(to, 1)) ? to : addDays(firstOfMonth(to), -1);
  const coveredTo = monthsTo !== undefined && monthsTo < foldedThrough ? monthsTo : foldedThrough;
  if (monthsFrom !== undefined && monthsFrom > coveredTo) return { months: null, days: [range] };
  const days: DayRange[] = [];
  if (monthsFrom !== undefined && from !== monthsFrom) days.push({ from, to: addDays(monthsFrom, -1) });
  if (to === undefined || to > coveredTo) days.push({ from: addDays(coveredTo, 1), to });
  return { months: { from: monthsFrom, to: firstOfMonth(coveredTo) }, days };
}
