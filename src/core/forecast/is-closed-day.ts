import { toDayNumber } from '../dates/to-day-number.ts';
import { weekdayOfDayNumber } from '../dates/weekday-of-day-number.ts';
import type { ClosedDays } from './detect-closed-days.ts';

/**
 * Whether the store is expected to be closed on a date.
 *
 * Definition: closed when its weekday is a closed weekday, when the date itself was a learnt
 * holiday, or when the same calendar date (month and day) one year earlier was one — holiday gaps
 * such as 24 Dec – 3 Jan recur by calendar date once the history covers the prior year.
 */
export function isClosedDay(date: string, closed: ClosedDays, holidaySet?: ReadonlySet<string>): boolean {
  if (closed.closedWeekdays.includes(weekdayOfDayNumber(toDayNumber(date)))) return true;
  const set = holidaySet ?? new Set(closed.holidays);
  if (set.has(date)) return true;
  const lastYear = `${String(Number(date.slice(0, 4)) - 1).padStart(4, '0')}${date.slice(4)}`;
  return set.has(lastYear);
}
