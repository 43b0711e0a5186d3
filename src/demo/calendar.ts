import { DAY_MS } from '../shared/calendar.ts';

/**
 * Calendar arithmetic for the demo store. Days are integers (days since 1970-01-01 of the civil
 * calendar), which keeps the generator free of Date objects in its hot loops; time-zone offsets
 * come from Intl (IANA rules, DST included) and are cached per UTC hour.
 */

const MS_PER_HOUR = 3_600_000;

/** 'YYYY-MM-DD' → day number; throws on anything that is not a real calendar date. */
export function parseIsoDay(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a YYYY-MM-DD date: ${text}`);
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(y, m - 1, d);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) {
    throw new Error(`not a calendar date: ${text}`);
  }
  return ms / DAY_MS;
}

const isoCache = new Map<number, string>();

export function dayToIso(day: number): string {
  let text = isoCache.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (isoCache.size < 100_000) isoCache.set(day, text);
  }
  return text;
}

/** 'YYYYMMDD', the GA4 `date` dimension format. */
export function dayToCompact(day: number): string {
  return dayToIso(day).replaceAll('-', '');
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function monthOf(day: number): number {
  return new Date(day * DAY_MS).getUTCMonth() + 1;
}

export function yearOf(day: number): number {
  return new Date(day * DAY_MS).getUTCFullYear();
}

/** Day number of the n-th (1-based) given weekday of a month; n = -1 for the last one. */
export function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = Date.UTC(year, month - 1, 1) / DAY_MS;
    const shift = (weekday - weekdayOf(first) + 7) % 7;
    return first + shift + (n - 1) * 7;
  }
  const last = Date.UTC(year, month, 0) / DAY_MS;
  const shift = (weekdayOf(last) - weekday + 7) % 7;
  return last - shift;
}

const formatterCache = new Map<string, Intl.DateTimeFormat>();
/** Per zone: offsets in minutes per UTC hour since 1970 (sentinel −32768 = not computed yet). */
const offsetCache = new Map<string, Int16Array>();
const HOURS_CACHED = 24 * 366 * 100;
const NOT_COMPUTED = -32768;

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatterCache.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatterCache.set(timeZone, formatter);
  }
  return formatter;
}

/** Offset via Intl at one instant (slow: ~20–50 µs; only used to fill the per-year cache). */
function intlOffsetMinutes(timeZone: string, utcMs: number): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - utcMs) / 60_000);
}

const yearsFilled = new Map<string, Set<number>>();

/**
 * Fills the per-hour cache for one UTC year: one Intl call per day (at 00:00 UTC) and per-hour
 * calls only on days whose offset changes (DST transitions), so ~370 calls per zone-year.
 */
function fillYear(timeZone: string, cache: Int16Array, year: number): void {
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  let previous = intlOffsetMinutes(timeZone, start);
  for (let dayStart = start; dayStart < end; dayStart += DAY_MS) {
    const next = intlOffsetMinutes(timeZone, dayStart + DAY_MS);
    const firstHour = dayStart / MS_PER_HOUR;
    if (next === previous) {
      for (let h = 0; h < 24; h += 1) if (firstHour + h < HOURS_CACHED) cache[firstHour + h] = previous;
    } else {
      for (let h = 0; h < 24; h += 1) {
        if (firstHour + h < HOURS_CACHED)
          cache[firstHour + h] = intlOffsetMinutes(timeZone, dayStart + h * MS_PER_HOUR);
      }
    }
    previous = next;
  }
}

/** Offset of the zone from UTC in minutes at a UTC instant (e.g. −300 for New York in winter). */
export function zoneOffsetMinutes(timeZone: string, utcMs: number): number {
  let cache = offsetCache.get(timeZone);
  if (!cache) {
    cache = new Int16Array(HOURS_CACHED).fill(NOT_COMPUTED);
    offsetCache.set(timeZone, cache);
    yearsFilled.set(timeZone, new Set());
  }
  const hour = Math.floor(utcMs / MS_PER_HOUR);
  if (hour < 0 || hour >= HOURS_CACHED) return intlOffsetMinutes(timeZone, hour * MS_PER_HOUR);
  const cached = cache[hour]!;
  if (cached !== NOT_COMPUTED) return cached;
  const year = new Date(utcMs).getUTCFullYear();
  const filled = yearsFilled.get(timeZone)!;
  if (!filled.has(year)) {
    filled.add(year);
    fillYear(timeZone, cache, year);
  }
  return cache[hour]!;
}

/** UTC instant of a local wall-clock time (seconds after local midnight of `day`). */
export function localToUtcMs(timeZone: string, day: number, secondOfDay: number): number {
  const wall = day * DAY_MS + secondOfDay * 1000;
  let guess = wall - zoneOffsetMinutes(timeZone, wall) * 60_000;
  guess = wall - zoneOffsetMinutes(timeZone, guess) * 60_000;
  return guess;
}

/** Local day number of a UTC instant in the zone. */
export function localDayOf(timeZone: string, utcMs: number): number {
  return Math.floor((utcMs + zoneOffsetMinutes(timeZone, utcMs) * 60_000) / DAY_MS);
}

/** ISO 8601 with the zone's offset, e.g. 2026-03-08T01:30:00-05:00. */
export function formatZoned(timeZone: string, utcMs: number): string {
  const offset = zoneOffsetMinutes(timeZone, utcMs);
  const local = new Date(utcMs + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}

/** ISO 8601 in UTC without milliseconds, the way Shopify's GraphQL DateTime is written. */
export function formatUtc(utcMs: number): string {
  return `${new Date(utcMs).toISOString().slice(0, 19)}Z`;
}

export { DAY_MS, MS_PER_HOUR };
