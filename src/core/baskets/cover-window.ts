import { addDays } from '../../shared/calendar.ts';

/** A window's days as the kept affinity rows hold them (decision 149): whole years, whole months, single days. */
export interface WindowCover {
  /** First days of the calendar years wholly inside the window. */
  years: string[];
  /** First days of the calendar months wholly inside the window and not in one of `years`. */
  months: string[];
  /** The remaining days. */
  days: string[];
}

/**
 * Covers the window `from`…`to` (inclusive ISO days) with the fewest kept periods: a calendar
 * year when all of it is inside, else a calendar month when all of it is, else single days. Each
 * day of the window is in exactly one period; a backwards window covers nothing.
 */
export function coverWindow(from: string, to: string): WindowCover {
  const cover: WindowCover = { years: [], months: [], days: [] };
  let day = from;
  while (day <= to) {
    const year = day.slice(0, 4);
    const month = day.slice(0, 7);
    const nextYear = `${Number(year) + 1}-01-01`;
    const nextMonth = month.endsWith('-12')
      ? nextYear
      : `${year}-${String(Number(month.slice(5)) + 1).padStart(2, '0')}-01`;
    if (day.endsWith('-01-01') && addDays(nextYear, -1) <= to) {
      cover.years.push(day);
      day = nextYear;
    } else if (day.endsWith('-01') && addDays(nextMonth, -1) <= to) {
      cover.months.push(day);
      day = nextMonth;
    } else {
      cover.days.push(day);
      day = addDays(day, 1);
    }
  }
  return cover;
}
