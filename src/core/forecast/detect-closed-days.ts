import { fromDayNumber } from '../dates/from-day-number.ts';
import { HOLIDAY_RULES, type HolidayRule, holidayRuleDay } from '../dates/holiday-rule-day.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import { weekdayOfDayNumber } from '../dates/weekday-of-day-number.ts';

/** What a store's history says about the days it does not trade. */
export interface ClosedDays {
  /** ISO weekdays (0 = Monday … 6 = Sunday) with (almost) never any sales: always closed. */
  closedWeekdays: number[];
  /** Past dates with no sales on weekdays that normally trade (holiday gaps). History only: never repeated by date. */
  holidays: string[];
  /** Holidays the store closed for in every year of its history that holds them (two or more): closed again. */
  recurringHolidays: HolidayRule[];
  /** Holidays the store closed for only once (or not every year): a closure to suggest to the owner, not assume. */
  possibleHolidays: HolidayRule[];
}

/**
 * Learns closed weekdays, past holiday gaps and recurring holiday closures from a daily history
 * (calendar days, missing = 0).
 *
 * Definition: a weekday is closed when at least 90 % of its days in history (at least 4 of them)
 * had no sales. On the other weekdays, a day with no sales is a holiday closure — but only when
 * the store normally trades on that weekday (at most 10 % of its days are empty), so a small shop
 * with sparse sales never has its quiet days mistaken for closures. A holiday closure recurs only
 * by rule ({@link holidayRuleDay}: Thanksgiving, Easter, 25 Dec, …), never by calendar date: a
 * holiday is recurring when the store was closed on it in every year of history where it fell on
 * a trading weekday, and in at least two; closed in fewer years it is only a possible closure.
 * Reference: shared/references/analytics.md §3 (Online Retail never trades on Saturdays and is
 * closed 2010-12-24..2011-01-03 and on UK bank holidays).
 * Method: one pass counting empty days per weekday, then each holiday rule per year. O(n).
 */
export function detectClosedDays(values: readonly number[], firstDate: string): ClosedDays {
  const start = toDayNumber(firstDate);
  const end = start + values.length - 1;
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
  const recurringHolidays: HolidayRule[] = [];
  const possibleHolidays: HolidayRule[] = [];
  if (values.length > 0) {
    const firstYear = Number(firstDate.slice(0, 4));
    const lastYear = Number(fromDayNumber(end).slice(0, 4));
    for (const rule of HOLIDAY_RULES) {
      let observed = 0;
      let closed = 0;
      for (let year = firstYear; year <= lastYear; year += 1) {
        const day = holidayRuleDay(rule, year);
        if (day < start || day > end || !usuallyOpen[weekdayOfDayNumber(day)]) continue;
        observed += 1;
        if (!(values[day - start]! > 0)) closed += 1;
      }
      if (closed >= 2 && closed === observed) recurringHolidays.push(rule);
      else if (closed >= 1) possibleHolidays.push(rule);
    }
  }
  return { closedWeekdays, holidays, recurringHolidays, possibleHolidays };
}
