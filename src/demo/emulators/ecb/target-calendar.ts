import { type HolidayRule, holidayRuleDay } from '../../../core/dates/holiday-rule-day.ts';
import { toDayNumber } from '../../../core/dates/to-day-number.ts';
import { weekdayOf } from '../../../shared/calendar.ts';

/** TARGET2 closing days that the core's holiday rules already define (Easter by its algorithm). */
const TARGET_HOLIDAYS: readonly HolidayRule[] = [
  'new-years-day',
  'good-friday',
  'easter-monday',
  'christmas-day',
  'boxing-day',
];

/**
 * True on a TARGET2 business day, the days the ECB publishes euro reference rates: Monday to
 * Friday except 1 January, Good Friday, Easter Monday, 1 May (Labour Day), 25 and 26 December.
 */
export function isTargetBusinessDay(day: string): boolean {
  const weekday = weekdayOf(day);
  if (weekday === 0 || weekday === 6) return false;
  if (day.slice(5) === '05-01') return false;
  const year = Number(day.slice(0, 4));
  const dayNumber = toDayNumber(day);
  return !TARGET_HOLIDAYS.some((rule) => holidayRuleDay(rule, year) === dayNumber);
}
