import { addDays, daysBetween, isShopDay, localDayOf, startOfMonth } from '@shared/calendar.ts';

/**
 * The date-range picker's model, free of React: presets relative to a given "today" (a
 * 'YYYY-MM-DD' day, passed in so pages and tests control it) and the comparison choice.
 */
export const DATE_RANGE_PRESETS = [
  'last7',
  'last30',
  'last90',
  'month_to_date',
  'last_month',
  'custom',
] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];

export const DATE_RANGE_COMPARES = ['none', 'previous_period', 'previous_year'] as const;
export type DateRangeCompare = (typeof DATE_RANGE_COMPARES)[number];

export interface DateRangeValue {
  preset: DateRangePreset;
  /** Inclusive days 'YYYY-MM-DD'. */
  from: string;
  to: string;
  compare: DateRangeCompare;
}

export const DATE_RANGE_PRESET_LABELS: Readonly<Record<DateRangePreset, string>> = {
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  last90: 'Last 90 days',
  month_to_date: 'Month to date',
  last_month: 'Last month',
  custom: 'Custom range',
};

export const DATE_RANGE_COMPARE_LABELS: Readonly<Record<DateRangeCompare, string>> = {
  none: 'No comparison',
  previous_period: 'Previous period',
  previous_year: 'Previous year (same weekdays)',
};

/**
 * The days a preset covers on `today`: the last N complete days (ending yesterday), the month so
 * far (today included), or the whole previous calendar month. `custom` has no days of its own.
 */
export function presetRange(
  preset: Exclude<DateRangePreset, 'custom'>,
  today: string,
): { from: string; to: string } {
  const yesterday = addDays(today, -1);
  switch (preset) {
    case 'last7':
      return { from: addDays(today, -7), to: yesterday };
    case 'last30':
      return { from: addDays(today, -30), to: yesterday };
    case 'last90':
      return { from: addDays(today, -90), to: yesterday };
    case 'month_to_date':
      return { from: startOfMonth(today), to: today };
    case 'last_month': {
      const lastDay = addDays(startOfMonth(today), -1);
      return { from: startOfMonth(lastDay), to: lastDay };
    }
  }
}

/** Today in the browser's time zone, as 'YYYY-MM-DD'. */
export function localToday(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/**
 * The "today" the presets count from: the shop's day in its own time zone, since every figure is
 * counted in shop days (so "Last 30 days" ends on the shop's yesterday, as on the dashboard, wherever
 * the owner sits). The browser's own day only for a store with no synced shop yet.
 */
export function shopToday(timeZone: string | null, now: Date = new Date()): string {
  return shopDayOf(now, timeZone);
}

/** The shop day of an instant (e.g. when an opportunity was implemented); the browser's without a shop. */
export function shopDayOf(at: Date, timeZone: string | null): string {
  return timeZone ? localDayOf(at, timeZone) : localToday(at);
}

/** The presets the server resolves itself (`period`): the last N complete shop days with data. */
const PERIOD_PRESETS: Readonly<Partial<Record<DateRangePreset, '7' | '30' | '90'>>> = {
  last7: '7',
  last30: '30',
  last90: '90',
};

/**
 * The range an address names, or null when it names none (or an invalid one): `range` a preset
 * (last 7 / 30 / 90 days: counted from `today`, and asked of the server as a period), or `from`
 * and `to` shop days in order (any other preset, or custom); `compare` one of DATE_RANGE_COMPARES
 * (absent: none). A shared address shows the same days, or the same rolling window.
 */
export function rangeFromSearch(search: string, today: string): DateRangeValue | null {
  const params = new URLSearchParams(search);
  const compareParam = params.get('compare') ?? 'none';
  const compare = (DATE_RANGE_COMPARES as readonly string[]).includes(compareParam)
    ? (compareParam as DateRangeCompare)
    : 'none';
  const named = params.get('range') ?? 'custom';
  const preset = (DATE_RANGE_PRESETS as readonly string[]).includes(named)
    ? (named as DateRangePreset)
    : 'custom';
  if (preset in PERIOD_PRESETS && preset !== 'custom')
    return { preset, ...presetRange(preset, today), compare };
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (!isShopDay(from) || !isShopDay(to) || from > to) return null;
  return { preset, from, to, compare };
}

/** `search` with the range's parameters set (the page's other parameters kept). */
export function searchWithRange(search: string, range: DateRangeValue): string {
  const params = new URLSearchParams(search);
  for (const name of ['from', 'to', 'compare', 'range']) params.delete(name);
  params.set('range', range.preset);
  if (!(range.preset in PERIOD_PRESETS)) {
    params.set('from', range.from);
    params.set('to', range.to);
  }
  params.set('compare', range.compare);
  return params.toString();
}

/**
 * The API query of a range: the last 7 / 30 / 90 days as `period` (the server ends them on the
 * last complete shop day with data), any other range as `from` and `to`; and `compare`.
 */
export function rangeQuery(range: Pick<DateRangeValue, 'preset' | 'from' | 'to' | 'compare'>): string {
  const period = PERIOD_PRESETS[range.preset];
  return new URLSearchParams(
    period ? { period, compare: range.compare } : { from: range.from, to: range.to, compare: range.compare },
  ).toString();
}

/**
 * The 7-, 30- or 90-day period nearest a range, for the reads that offer only those (the
 * first-party attribution cards): the preset's own, else the nearest in length.
 */
export function periodNearest(range: Pick<DateRangeValue, 'preset' | 'from' | 'to'>): '7' | '30' | '90' {
  const own = PERIOD_PRESETS[range.preset];
  if (own) return own;
  const days = daysBetween(range.from, range.to) + 1;
  return days <= 14 ? '7' : days <= 55 ? '30' : '90';
}
