/** The two baselines every forecast report shows. */
export type BaselineName = 'seasonal-naive' | 'weekday-mean';

/**
 * Baseline forecasts of a calendar-day series for the next `horizon` days.
 *
 * Definition (analytics.md §3): 'seasonal-naive' repeats the last observed value of the same
 * weekday (y[t − 7k], k = ⌈h/7⌉); 'weekday-mean' is the mean of the last 4 observed values of the
 * same weekday (fewer when the history is shorter). Both are 0 without history.
 * Method: index arithmetic on the calendar series; O(horizon).
 */
export function forecastBaseline(
  values: readonly number[],
  horizon: number,
  baseline: BaselineName,
): number[] {
  const n = values.length;
  const out: number[] = [];
  for (let h = 1; h <= horizon; h += 1) {
    const lastSame = n - 1 + h - 7 * Math.ceil(h / 7);
    if (lastSame < 0) {
      out.push(0);
      continue;
    }
    if (baseline === 'seasonal-naive') {
      out.push(values[lastSame]!);
      continue;
    }
    let sum = 0;
    let count = 0;
    for (let j = 0; j < 4 && lastSame - 7 * j >= 0; j += 1) {
      sum += values[lastSame - 7 * j]!;
      count += 1;
    }
    out.push(sum / count);
  }
  return out;
}
