/**
 * In-sample mean absolute seasonal-naive error, the MASE denominator.
 *
 * Definition: mean over t ≥ m of |y_t − y_{t−m}|, m = 7 on calendar days (analytics.md §3).
 * Returns 0 for fewer than m + 1 values.
 */
export function seasonalNaiveScale(values: readonly number[], period = 7): number {
  if (values.length <= period) return 0;
  let sum = 0;
  for (let t = period; t < values.length; t += 1) sum += Math.abs(values[t]! - values[t - period]!);
  return sum / (values.length - period);
}
