import { toDayNumber } from './to-day-number.ts';
import { weekdayOfDayNumber } from './weekday-of-day-number.ts';

/** Holidays a store may close for, each fixed by a calendar rule rather than a date. */
export const HOLIDAY_RULES = [
  'new-years-day',
  'good-friday',
  'easter-sunday',
  'easter-monday',
  'early-may-monday',
  'last-may-monday',
  'independence-day',
  'last-august-monday',
  'first-september-monday',
  'thanksgiving',
  'christmas-eve',
  'christmas-day',
  'boxing-day',
  'new-years-eve',
] as const;
export type HolidayRule = (typeof HOLIDAY_RULES)[number];

/**
 * The day number on which a holiday rule falls in a (Gregorian) year.
 *
 * Definition: fixed-date holidays (1 Jan, 4 Jul, 24–26 Dec, 31 Dec) by date; moving ones by rule —
 * Thanksgiving the 4th Thursday of November, the Easter days around Easter Sunday (Good Friday −2,
 * Easter Monday +1), and the Monday holidays as first/last Monday of their month (US Memorial
 * and Labor Day, UK bank holidays).
 * Reference: Easter Sunday by the anonymous Gregorian algorithm (Meeus, "Astronomical
 * Algorithms", ch. 8).
 * @example fromDayNumber(holidayRuleDay('thanksgiving', 2026)) // '2026-11-26'
 */
export function holidayRuleDay(rule: HolidayRule, year: number): number {
  const date = (month: number, day: number) =>
    toDayNumber(
      `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    );
  // ISO weekday (0 = Monday) `weekday`, the `n`-th in the month (n < 0 counts from the end).
  const nthWeekday = (month: number, weekday: number, n: number) => {
    if (n > 0) {
      const first = date(month, 1);
      return first + ((weekday - weekdayOfDayNumber(first) + 7) % 7) + 7 * (n - 1);
    }
    const last = month === 12 ? date(12, 31) : date(month + 1, 1) - 1;
    return last - ((weekdayOfDayNumber(last) - weekday + 7) % 7) + 7 * (n + 1);
  };
  switch (rule) {
    case 'new-years-day':
      return date(1, 1);
    case 'good-friday':
      return easterSunday(year, date) - 2;
    case 'easter-sunday':
      return easterSunday(year, date);
    case 'easter-monday':
      return easterSunday(year, date) + 1;
    case 'early-may-monday':
      return nthWeekday(5, 0, 1);
    case 'last-may-monday':
      return nthWeekday(5, 0, -1);
    case 'independence-day':
      return date(7, 4);
    case 'last-august-monday':
      return nthWeekday(8, 0, -1);
    case 'first-september-monday':
      return nthWeekday(9, 0, 1);
    case 'thanksgiving':
      return nthWeekday(11, 3, 4);
    case 'christmas-eve':
      return date(12, 24);
    case 'christmas-day':
      return date(12, 25);
    case 'boxing-day':
      return date(12, 26);
    case 'new-years-eve':
      return date(12, 31);
  }
}

function easterSunday(year: number, date: (month: number, day: number) => number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return date(month, day);
}
