import { poissonQuantile } from '../stats/poisson-quantile.ts';
import type { KpiInterval } from './find-kpi-anomaly.ts';
import { MIN_BASELINE_WEEKS } from './weekday-baseline-interval.ts';

/**
 * The expected 95 % interval of a day's count (orders) from the same weekday of earlier weeks:
 * expected = the mean of those weekdays (so a Saturday is judged against Saturdays), interval = the
 * 2.5 % and 97.5 % quantiles of a Poisson count with that mean (Johnson, Kemp & Kotz 2005, §4.2).
 *
 * Why not mean ± 1.96 × sample sd as for money: with 8 values the sample sd is itself uncertain by
 * about ±25 %, and at ~20 orders a day a day with half the usual orders sat inside that interval on
 * 5 of 7 weekdays (issue #36). A count's own spread is Poisson's; over 299 days of the demo store
 * this interval marked 3.0 % of ordinary days low (nominal 2.5 %) and 7.7 % high (sales peaks).
 * Fewer than 4 earlier values are too thin: null.
 */
export function weekdayCountInterval(sameWeekdayCounts: readonly number[]): KpiInterval | null {
  const n = sameWeekdayCounts.length;
  if (n < MIN_BASELINE_WEEKS) return null;
  const mean = sameWeekdayCounts.reduce((sum, v) => sum + v, 0) / n;
  return {
    expected: mean,
    lo95: poissonQuantile(mean, 0.025),
    hi95: poissonQuantile(mean, 0.975),
    source: 'weekday baseline',
  };
}
