import { addDays, daysBetween } from '../../shared/calendar.ts';

/** How a range is compared: the same number of days just before it, or the same days a year back. */
export type ComparisonKind = 'previous_period' | 'previous_year';

/** Days a previous-year comparison steps back: 52 weeks, so every day keeps its day of the week. */
export const PREVIOUS_YEAR_DAYS = 364;

/**
 * The range a P&L range is compared with (issue #13).
 *
 * - `previous_period`: the n days ending the day before `from`, n = the range's length in days.
 * - `previous_year`: the range moved back 364 days (52 weeks), so a Monday is compared with a
 *   Monday (retail convention: weekday mix drives daily sales more than the calendar date does).
 *
 * Dates are shop days 'YYYY-MM-DD', `from` ≤ `to`, both inclusive.
 */
export function comparisonRange(
  from: string,
  to: string,
  kind: ComparisonKind,
): { from: string; to: string } {
  if (kind === 'previous_year') {
    return { from: addDays(from, -PREVIOUS_YEAR_DAYS), to: addDays(to, -PREVIOUS_YEAR_DAYS) };
  }
  const length = daysBetween(from, to) + 1;
  return { from: addDays(from, -length), to: addDays(from, -1) };
}
