import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import { sumProfitLines } from './sum-profit-lines.ts';
import type { ProfitDay, ProfitLines } from './types.ts';

export type ProfitGranularity = 'day' | 'week' | 'month';

/** The first day of a day's period: itself, its ISO week's Monday, or the 1st of its month. */
function periodStart(day: string, granularity: ProfitGranularity): string {
  if (granularity === 'day') return day;
  if (granularity === 'month') return `${day.slice(0, 7)}-01`;
  const n = toDayNumber(day);
  const weekday = (((n + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
  return fromDayNumber(n - ((weekday + 6) % 7));
}

/**
 * Sums daily P&L rows into periods: `day`, ISO `week` (Monday to Sunday) or calendar `month`.
 * Each period is named by its first calendar day ('2026-03-02' for the week of Monday 2 March,
 * '2026-03-01' for March), even when the range starts later; periods come out in date order.
 */
export function bucketProfitDays(
  days: readonly ProfitDay[],
  granularity: ProfitGranularity,
): (ProfitLines & { period: string })[] {
  const groups = new Map<string, ProfitDay[]>();
  for (const day of days) {
    const key = periodStart(day.day, granularity);
    const group = groups.get(key);
    if (group) group.push(day);
    else groups.set(key, [day]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([period, rows]) => ({ period, ...sumProfitLines(rows) }));
}
