import type { KpiInterval } from './find-kpi-anomaly.ts';

/** Fewest earlier same-weekday values a baseline needs. */
const MIN_BASELINE_WEEKS = 4;
const Z95 = 1.959964;

/**
 * The expected 95 % interval of a day's KPI from the same weekday of earlier weeks: mean ± 1.96 ×
 * sample standard deviation, never below zero. Fewer than 4 earlier values are too thin: null.
 */
export function weekdayBaselineInterval(sameWeekdayValues: readonly number[]): KpiInterval | null {
  const n = sameWeekdayValues.length;
  if (n < MIN_BASELINE_WEEKS) return null;
  const mean = sameWeekdayValues.reduce((sum, v) => sum + v, 0) / n;
  const variance = sameWeekdayValues.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (n - 1);
  const half = Z95 * Math.sqrt(variance);
  return { expected: mean, lo95: Math.max(0, mean - half), hi95: mean + half, source: 'weekday baseline' };
}
