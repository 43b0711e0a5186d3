import { type HolidayRule, holidayRuleDay } from '../dates/holiday-rule-day.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import { weekdayOfDayNumber } from '../dates/weekday-of-day-number.ts';
import type { ClosedDays } from './detect-closed-days.ts';

/**
 * Whether the store is (expected to be) closed on a date.
 *
 * Definition: closed when its weekday is a closed weekday, when the date itself was a learnt
 * holiday gap (past dates), when the owner confirmed a closure on it, or when it is the day of a
 * recurring holiday (aligned by rule, e.g. Thanksgiving is the 4th Thursday of November). A gap
 * is never repeated by calendar date: a closure on 27 Nov last year says nothing about 27 Nov.
 */
export function isClosedDay(
  date: string,
  closed: ClosedDays,
  confirmedClosures: ReadonlySet<string> = new Set(),
): boolean {
  const day = toDayNumber(date);
  if (closed.closedWeekdays.includes(weekdayOfDayNumber(day))) return true;
  if (confirmedClosures.has(date) || holidaySet(closed).has(date)) return true;
  const year = Number(date.slice(0, 4));
  return closed.recurringHolidays.some((rule: HolidayRule) => holidayRuleDay(rule, year) === day);
}

const sets = new WeakMap<readonly string[], ReadonlySet<string>>();
function holidaySet(closed: ClosedDays): ReadonlySet<string> {
  let set = sets.get(closed.holidays);
  if (!set) {
    set = new Set(closed.holidays);
    sets.set(closed.holidays, set);
  }
  return set;
}
