import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import { normalQuantile } from '../stats/normal-quantile.ts';
import { estimateSyntheticLift } from './estimate-synthetic-lift.ts';
import type { RegionalOrder, RegionWeight } from './geo-types.ts';
import { placeboLifts } from './placebo-lifts.ts';
import { prepareGeoSeries } from './prepare-geo-series.ts';

export interface GeoLiftDesignInput {
  orders: readonly RegionalOrder[];
  testRegions: readonly string[];
  controlRegions?: readonly string[];
  /** Last day of history the design may use (the day before the test would start). */
  asOf: string;
  durationDays: number;
  /** Ad budget of the test over its duration, for the ROAS it must reach to be detectable. */
  budget?: number;
}

export type GeoLiftDesign =
  | {
      status: 'designed';
      controlRegions: RegionWeight[];
      preFitMape: number;
      /** Expected revenue of the test regions over the duration without the test. */
      expectedRevenue: number;
      /** Smallest relative lift detected with 80 % power at a two-sided 10 % level. */
      minimumDetectableLift: number;
      minimumDetectableRevenue: number;
      /** minimumDetectableRevenue / budget: the incremental ROAS the test needs to show anything. */
      roasNeededToDetect: number | null;
    }
  | { status: 'too_thin'; reasons: string[] };

const Z_ALPHA = normalQuantile(0.95);
const Z_POWER = normalQuantile(0.8);

/**
 * The design of a geo holdout test: which of the shop's regions make the synthetic control, and
 * the smallest lift a test of this duration (and budget) could detect.
 *
 * Definition: history = every day up to `asOf`; the test window is treated as its last
 * `durationDays` days; control regions and weights as in readOutGeoLift (daily order counts); the
 * spread of the estimator under no effect is the sd of placeboLifts (no lift) over every cyclic
 * window of the history, the same null distribution whose quantiles bound the read-out's interval;
 * minimum detectable lift (in orders, and so in revenue at an unchanged order value) =
 * (z₀.₉₅ + z₀.₈₀)·sd (two-sided α = 10 %, power 80 %); minimum detectable revenue = that × the
 * test regions' mean daily revenue × duration; ROAS needed = that / budget.
 * Reference: Bloom (1995), "Minimum Detectable Effects: A Simple Way to Report the Statistical
 * Power of Experimental Designs", Evaluation Review 19(5); Vaver & Koehler (2011) §4 (power of geo
 * experiments); decision 097.
 */
export function designGeoLift(input: GeoLiftDesignInput): GeoLiftDesign {
  if (input.testRegions.length === 0) return { status: 'too_thin', reasons: ['no test regions given'] };
  if (!(Number.isInteger(input.durationDays) && input.durationDays >= 7))
    return { status: 'too_thin', reasons: [`a test of ${input.durationDays} days; it needs at least 7`] };
  const historyEnd = toDayNumber(input.asOf);
  const start = fromDayNumber(historyEnd - input.durationDays + 1);
  const series = prepareGeoSeries(
    input.orders,
    input.testRegions,
    input.controlRegions,
    undefined,
    start,
    input.asOf,
  );
  if (series.status === 'too_thin') return series;
  const { treated, controls } = series.orders;
  const days = treated.length;
  const all = Array.from({ length: days }, (_, t) => t);
  const window = all.slice(days - series.windowDays);
  const units = input.testRegions.length;
  const estimate = estimateSyntheticLift(treated, controls, all, window, units);
  const placebos = placeboLifts(treated, controls, days - series.windowDays, series.windowDays, units, 0);
  const mean = placebos.reduce((a, b) => a + b, 0) / placebos.length;
  const sd = Math.sqrt(placebos.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(placebos.length - 1, 1));
  const minimumDetectableLift = (Z_ALPHA + Z_POWER) * sd;
  const revenue = series.revenue.treated;
  const expectedRevenue = (revenue.reduce((a, b) => a + b, 0) / days) * series.windowDays;
  const minimumDetectableRevenue = minimumDetectableLift * expectedRevenue;
  const positive = all.filter((t) => treated[t]! > 0);
  return {
    status: 'designed',
    controlRegions: series.controlRegions
      .map((region, j) => ({ region, weight: estimate.weights[j]! }))
      .filter((w) => w.weight > 1e-6)
      .sort((a, b) => b.weight - a.weight),
    preFitMape:
      positive.reduce((s, t) => s + Math.abs(treated[t]! - estimate.fitted[t]!) / treated[t]!, 0) /
      Math.max(positive.length, 1),
    expectedRevenue,
    minimumDetectableLift,
    minimumDetectableRevenue,
    roasNeededToDetect: input.budget && input.budget > 0 ? minimumDetectableRevenue / input.budget : null,
  };
}
