import { addDays, daysBetween, localDayOf } from './calendar.ts';

/**
 * One date range, resolved one way on every analytics page and endpoint (issue #36): shop days
 * 'YYYY-MM-DD' in the shop's time zone, both ends inclusive, and the range it is compared with.
 */

/** How a range is compared: the same number of days just before it, or the same days a year back. */
export type ComparisonKind = 'previous_period' | 'previous_year';

/** Days a previous-year comparison steps back: 52 weeks, so every day keeps its day of the week. */
export const PREVIOUS_YEAR_DAYS = 364;

/**
 * The shop's last complete day at `now`: yesterday in its time zone (issue #36 item 3). Every
 * analysis, opportunity, forecast and rolling window ends on it ("last 30 days" ends yesterday);
 * only the Today card and live figures show today, labelled partial.
 */
export function lastCompleteDay(now: Date, timeZone: string): string {
  return addDays(localDayOf(now, timeZone), -1);
}

/** An inclusive range of shop days. */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * The range a range is compared with (issue #13).
 *
 * - `previous_period`: the n days ending the day before `from`, n = the range's length in days.
 * - `previous_year`: the range moved back 364 days (52 weeks), so a Monday is compared with a
 *   Monday (retail convention: weekday mix drives daily sales more than the calendar date does).
 *
 * Dates are shop days 'YYYY-MM-DD', `from` ≤ `to`, both inclusive.
 */
export function comparisonRange(from: string, to: string, kind: ComparisonKind): DayRange {
  if (kind === 'previous_year') {
    return { from: addDays(from, -PREVIOUS_YEAR_DAYS), to: addDays(to, -PREVIOUS_YEAR_DAYS) };
  }
  const length = daysBetween(from, to) + 1;
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/** What a request asks for: an explicit range, or the last `period` complete days; and a comparison. */
export interface DayRangeRequest {
  from?: string | undefined;
  to?: string | undefined;
  /** 7, 30 or 90 (days); the shorthand when `from`/`to` are absent. */
  period?: number | undefined;
  compare?: ComparisonKind | 'none' | undefined;
}

/** A resolved range and its comparison (null when none was asked for). */
export interface ResolvedDayRange extends DayRange {
  days: number;
  comparison: (DayRange & { compare: ComparisonKind }) | null;
}

/**
 * Resolves a range request against the shop's calendar.
 *
 * - `from`/`to` given: that range, as asked (the caller validated it).
 * - otherwise the last `period` days (default 30) ending on `lastCompleteDay`: yesterday in the
 *   shop's time zone — complete days only (issue #36) — or the last day with data when the data
 *   stops earlier.
 * - `compare` absent → `defaultCompare` (pages that always compare keep doing so); 'none' → no
 *   comparison.
 */
export function resolveDayRange(
  request: DayRangeRequest,
  lastCompleteDay: string,
  defaultCompare: ComparisonKind | 'none' = 'none',
): ResolvedDayRange {
  const period = request.period ?? 30;
  const range =
    request.from !== undefined && request.to !== undefined
      ? { from: request.from, to: request.to }
      : { from: addDays(lastCompleteDay, -(period - 1)), to: lastCompleteDay };
  const compare = request.compare ?? defaultCompare;
  return {
    ...range,
    days: daysBetween(range.from, range.to) + 1,
    comparison: compare === 'none' ? null : { compare, ...comparisonRange(range.from, range.to, compare) },
  };
}

/**
 * Whether a comparison range has data: false when it ends before the shop's first day with data
 * (a figure there would read "$0.00 in the previous year" for a year the shop did not exist).
 */
export function comparisonHasData(range: DayRange, firstDataDay: string | null): boolean {
  return firstDataDay !== null && range.to >= firstDataDay;
}
