import type { KpiInterval } from './find-kpi-anomaly.ts';

/** Fewest earlier same-weekday values a baseline needs. */
export const MIN_BASELINE_WEEKS = 4;
const Z95 = 1.959964;

/**
 * The expected 95 % interval of a day's KPI from the same weekday of earlier weeks: mean ± 1.96 ×
 * sample standard deviation, never below `floor` (0: revenue, orders and rates cannot go negative;
 * pass -Infinity for a margin or a profit ratio, which can). Fewer than 4 earlier values are too
 * thin: null.
 */
export function weekdayBaselineInterval(sameWeekdayValues: readonly number[], floor = 0): KpiInterval | null {
  const n = sameWeekdayValues.length;
  if (n < MIN_BASELINE_WEEKS) return null;
  const mean = sameWeekdayValues.reduce((sum, v) => sum + v, 0) / n;
  const variance = sameWeekdayValues.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (n - 1);
  const half = Z95 * Math.sqrt(variance);
  return {
    expected: mean,
    lo95: Math.max(floor, mean - half),
    hi95: mean + half,
    source: 'weekday baseline',
  };
}
