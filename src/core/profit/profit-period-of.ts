import { startOfIsoWeek, startOfMonth } from '../../shared/calendar.ts';

export type ProfitGranularity = 'day' | 'week' | 'month';

/**
 * The series bucket a shop day falls in: the day itself, its ISO week (named by the Monday that
 * starts it, 'YYYY-MM-DD') or its calendar month ('YYYY-MM'). `start` is the bucket's first day,
 * so buckets sort by either field.
 */
export function profitPeriodOf(
  day: string,
  granularity: ProfitGranularity,
): { period: string; start: string } {
  if (granularity === 'week') {
    const monday = startOfIsoWeek(day);
    return { period: monday, start: monday };
  }
  if (granularity === 'month') return { period: day.slice(0, 7), start: startOfMonth(day) };
  return { period: day, start: day };
}
