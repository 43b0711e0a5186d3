/** The Marketing API's date_preset values and their [since, until] days. */
import { DAY_MS } from '../../../shared/calendar.ts';
import { monthOf, weekdayOf, yearOf } from '../../calendar.ts';

export const DATE_PRESETS = [
  'today',
  'yesterday',
  'this_month',
  'last_month',
  'this_quarter',
  'last_quarter',
  'this_year',
  'last_year',
  'last_3d',
  'last_7d',
  'last_14d',
  'last_28d',
  'last_30d',
  'last_90d',
  'last_week_mon_sun',
  'last_week_sun_sat',
  'this_week_mon_today',
  'this_week_sun_today',
  'maximum',
  'data_maximum',
];

/** First day of the month of `day`, `monthsBack` months earlier. */
export function monthStart(day: number, monthsBack = 0): number {
  const y = yearOf(day);
  const m = monthOf(day) - 1 - monthsBack;
  return Date.UTC(y, m, 1) / DAY_MS;
}

/** Resolves a date_preset to [since, until] day numbers. */
export function resolveDatePreset(preset: string, today: number, firstDataDay: number): [number, number] {
  const lastN = /^last_(\d+)d$/.exec(preset);
  if (lastN) return [today - Number(lastN[1]), today - 1];
  const quarterStart = (day: number, back: number) => {
    const q = Math.floor((monthOf(day) - 1) / 3) - back;
    return Date.UTC(yearOf(day), q * 3, 1) / DAY_MS;
  };
  switch (preset) {
    case 'today':
      return [today, today];
    case 'yesterday':
      return [today - 1, today - 1];
    case 'this_month':
      return [monthStart(today), today];
    case 'last_month':
      return [monthStart(today, 1), monthStart(today) - 1];
    case 'this_quarter':
      return [quarterStart(today, 0), today];
    case 'last_quarter':
      return [quarterStart(today, 1), quarterStart(today, 0) - 1];
    case 'this_year':
      return [Date.UTC(yearOf(today), 0, 1) / DAY_MS, today];
    case 'last_year':
      return [Date.UTC(yearOf(today) - 1, 0, 1) / DAY_MS, Date.UTC(yearOf(today), 0, 1) / DAY_MS - 1];
    case 'last_week_mon_sun': {
      const monday = today - ((weekdayOf(today) + 6) % 7);
      return [monday - 7, monday - 1];
    }
    case 'last_week_sun_sat': {
      const sunday = today - weekdayOf(today);
      return [sunday - 7, sunday - 1];
    }
    case 'this_week_mon_today':
      return [today - ((weekdayOf(today) + 6) % 7), today];
    case 'this_week_sun_today':
      return [today - weekdayOf(today), today];
    default:
      return [firstDataDay, today];
  }
}
