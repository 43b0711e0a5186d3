import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import { weekdayOfDayNumber } from '../dates/weekday-of-day-number.ts';

/** What a store's history says about the days it does not trade. */
export interface ClosedDays {
  /** ISO weekdays (0 = Monday … 6 = Sunday) with (almost) never any sales: always closed. */
  closedWeekdays: number[];
  /** Dates with no sales on weekdays that normally trade (holiday gaps); they recur by calendar date. */
  holidays: string[];
}

/**
 * Learns closed weekdays and holiday gaps from a daily history (calendar days, missing = 0).
 *
 * Definition: a weekday is closed when at least 90 % of its days in history (at least 4 of them)
 * had no sales. On the other weekdays, a day with no sales is a holiday closure — but only when
 * the store normally trades on that weekday (at most 10 % of its days are empty), so a small shop
 * with sparse sales never has its quiet days mistaken for closures.
 * Reference: shared/references/analytics.md §3 (Online Retail never trades on Saturdays and is
 * closed 2010-12-24..2011-01-03 and on UK bank holidays).
 * Method: one pass counting empty days per weekday. O(n).
 */
export function detectClosedDays(values: readonly number[], firstDate: string): ClosedDays {
  const start = toDayNumber(firstDate);
  const days = new Array<number>(7).fill(0);
  const empty = new Array<number>(7).fill(0);
  values.forEach((value, i) => {
    const weekday = weekdayOfDayNumber(start + i);
    days[weekday]! += 1;
    if (!(value > 0)) empty[weekday]! += 1;
  });
  const closedWeekdays: number[] = [];
  const usuallyOpen = new Array<boolean>(7).fill(false);
  for (let w = 0; w < 7; w += 1) {
    if (days[w]! >= 4 && empty[w]! >= 0.9 * days[w]!) closedWeekdays.push(w);
    else if (days[w]! > 0 && empty[w]! <= 0.1 * days[w]!) usuallyOpen[w] = true;
  }
  const holidays: string[] = [];
  values.forEach((value, i) => {
    if (!(value > 0) && usuallyOpen[weekdayOfDayNumber(start + i)]!) holidays.push(fromDayNumber(start + i));
  });
  return { closedWeekdays, holidays };
}
