/**
 * The demand calendar of the demo store: trend, weekly and yearly seasonality, holiday peaks and
 * closed days. One weight per day; the generator draws acquisitions from it and moves each repeat
 * purchase inside its calendar week according to it.
 */

import { DAY_MS } from '../shared/calendar.ts';
import { dayToIso, monthOf, nthWeekday, weekdayOf, yearOf } from './calendar.ts';

/** Sunday … Saturday: weekends and Mondays sell more, Fridays least. */
export const WEEKDAY_FACTORS: readonly number[] = [1.18, 1.06, 0.96, 0.95, 0.97, 0.84, 1.12];

/** Local hour-of-day weights (evening peak, quiet nights). */
export const HOUR_WEIGHTS: readonly number[] = [
  0.35, 0.2, 0.12, 0.08, 0.07, 0.1, 0.25, 0.55, 0.85, 1.0, 1.05, 1.1, 1.25, 1.2, 1.05, 1.0, 1.05, 1.15, 1.3,
  1.55, 1.7, 1.6, 1.2, 0.7,
];

export interface HolidayPeak {
  name: string;
  startDay: number;
  endDay: number;
  multiplier: number;
}

export interface DemandCalendar {
  startDay: number;
  days: number;
  /** Trend × yearly × weekly × holiday, 0 on closed days. */
  weight: Float64Array;
  /** Weekly × holiday × open only (no trend or yearly shape), used inside a week. */
  withinWeek: Float64Array;
  closed: Uint8Array;
  holidays: HolidayPeak[];
  closedDays: string[];
}

/** Thanksgiving (4th Thursday of November) of a year, as a day number. */
function thanksgiving(year: number): number {
  return nthWeekday(year, 11, 4, 4);
}

export function buildDemandCalendar(startDay: number, days: number, yearlyGrowth = 0.22): DemandCalendar {
  const weight = new Float64Array(days);
  const withinWeek = new Float64Array(days);
  const closed = new Uint8Array(days);
  const holidays: HolidayPeak[] = [];
  const closedDays: string[] = [];
  const endDay = startDay + days - 1;
  for (let year = yearOf(startDay); year <= yearOf(endDay); year += 1) {
    const tg = thanksgiving(year);
    const peaks: HolidayPeak[] = [
      { name: `Black Friday – Cyber Monday ${year}`, startDay: tg + 1, endDay: tg + 4, multiplier: 2.6 },
      {
        name: `Holiday gifting ${year}`,
        startDay: tg + 5,
        endDay: Date.UTC(year, 11, 18) / DAY_MS,
        multiplier: 1.5,
      },
      {
        name: `Mother's Day ${year}`,
        startDay: nthWeekday(year, 5, 0, 2) - 7,
        endDay: nthWeekday(year, 5, 0, 2) - 1,
        multiplier: 1.4,
      },
      {
        name: `Summer sale ${year}`,
        startDay: Date.UTC(year, 6, 8) / DAY_MS,
        endDay: Date.UTC(year, 6, 11) / DAY_MS,
        multiplier: 1.35,
      },
    ];
    for (const peak of peaks) if (peak.endDay >= startDay && peak.startDay <= endDay) holidays.push(peak);
  }
  for (let i = 0; i < days; i += 1) {
    const day = startDay + i;
    const month = monthOf(day);
    const date = dayToIso(day).slice(5);
    const isClosed = date === '12-25' || date === '01-01' || day === thanksgiving(yearOf(day));
    if (isClosed) {
      closed[i] = 1;
      closedDays.push(dayToIso(day));
    }
    let holiday = 1;
    for (const peak of holidays) if (day >= peak.startDay && day <= peak.endDay) holiday *= peak.multiplier;
    const weekly = WEEKDAY_FACTORS[weekdayOf(day)] ?? 1;
    // Yearly shape: peak in December, trough in late summer.
    const doy = (day - Date.UTC(yearOf(day), 0, 1) / DAY_MS + 365) % 365;
    const yearly = 1 + 0.22 * Math.cos((2 * Math.PI * (doy - 350)) / 365) + (month === 1 ? -0.05 : 0);
    const trend = Math.exp((yearlyGrowth * i) / 365);
    withinWeek[i] = isClosed ? 0 : weekly * holiday;
    weight[i] = isClosed ? 0 : trend * yearly * weekly * holiday;
  }
  return { startDay, days, weight, withinWeek, closed, holidays, closedDays };
}
