/**
 * Days, one way: a shop day is a calendar date 'YYYY-MM-DD' in the shop's IANA time zone; day
 * arithmetic works on those dates (no time zone, no DST). `DAY_MS` is the one place a day's
 * milliseconds are written.
 */

/** Milliseconds in a UTC day. */
export const DAY_MS = 86_400_000;
/** Milliseconds in an hour. */
export const HOUR_MS = 3_600_000;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const QUARTER_HOUR_MS = 900_000;
const daysByQuarterHour = new Map<string, Map<number, string>>();

/**
 * The calendar day (YYYY-MM-DD) of an instant in an IANA time zone; DST-correct. Remembered per
 * UTC quarter hour: zone offsets are whole quarter hours, so local midnight never falls inside
 * one, and a backfill asks for the day of millions of instants.
 */
export function localDayOf(instant: Date | string | number, timeZone: string): string {
  let formatter = dayFormatters.get(timeZone);
  let days = daysByQuarterHour.get(timeZone);
  if (!formatter || !days) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    days = new Map();
    dayFormatters.set(timeZone, formatter);
    daysByQuarterHour.set(timeZone, days);
  }
  const date = instant instanceof Date ? instant : new Date(instant);
  const quarter = Math.floor(date.getTime() / QUARTER_HOUR_MS);
  let day = days.get(quarter);
  if (day === undefined) {
    day = formatter.format(date);
    if (days.size >= 500_000) days.clear();
    days.set(quarter, day);
  }
  return day;
}

/** Adds whole days to a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Day of week of a YYYY-MM-DD date: 0 Sunday … 6 Saturday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The Monday on or before a date (ISO weeks). */
export function startOfIsoWeek(day: string): string {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

/** The first day of a date's month. */
export function startOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isShopDay(text: string): boolean {
  if (!ISO_DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
