import { quantileType7 } from '../stats/quantile-type7.ts';
import { estimateSyntheticLift } from './estimate-synthetic-lift.ts';
import type { GeoLiftResult, RegionalOrder } from './geo-types.ts';
import { placeboLifts } from './placebo-lifts.ts';
import { prepareGeoSeries } from './prepare-geo-series.ts';

export interface GeoLiftReadoutInput {
  orders: readonly RegionalOrder[];
  testRegions: readonly string[];
  /** Default: chosen from the shop's other regions (selectControlRegions). */
  controlRegions?: readonly string[];
  /** First and last day of the test, inclusive. */
  start: string;
  end: string;
  /** First day of the pre-period (default: the first order's date). */
  preStart?: string;
  /** Contribution margin as a share of revenue, for incremental contribution. */
  margin?: number;
  /** Ad spend of the test, for incremental ROAS. */
  spend?: number;
}

/** Estimate ± the 90th percentile of the placebo |lift|s, for one series. */
function readSeries(treated: number[], controls: number[][], preDays: number, windowDays: number) {
  const fit = Array.from({ length: preDays }, (_, t) => t);
  const window = Array.from({ length: windowDays }, (_, i) => preDays + i);
  const estimate = estimateSyntheticLift(treated, controls, fit, window);
  const placebos = placeboLifts(treated, controls, preDays, windowDays);
  const absolute = placebos.map(Math.abs).sort((a, b) => a - b);
  const margin = quantileType7(absolute, 0.9);
  const extreme = absolute.filter((e) => e >= Math.abs(estimate.lift)).length;
  const incremental = (lift: number) => estimate.actual - estimate.actual / (1 + lift);
  return {
    estimate,
    placebos: placebos.length,
    low: estimate.lift - margin,
    high: estimate.lift + margin,
    pValue: (1 + extreme) / (1 + placebos.length),
    incremental: incremental(estimate.lift),
    incrementalLow: incremental(Math.max(estimate.lift - margin, -0.99)),
    incrementalHigh: incremental(estimate.lift + margin),
  };
}

/**
 * The read-out of a finished geo holdout test: how much revenue, orders and contribution the
 * test caused in the test regions, with a 90 % interval and a permutation p-value.
 *
 * Definition: lift = actual / synthetic-control counterfactual − 1 over the test window
 * (estimateSyntheticLift, weights fitted on the whole pre-period); interval = lift ± the 90th
 * percentile of |placebo lifts| (placeboLifts: the same estimator on every test-length window of
 * the pre-period, where the true lift is 0); p-value = (1 + #{|placebo| ≥ |lift|}) / (1 + #placebos);
 * incremental revenue = actual − actual/(1 + lift), its bounds from the lift's; the same on order
 * counts; contribution = incremental revenue × margin; ROAS = incremental revenue / spend.
 * Reference: Abadie, Diamond & Hainmueller (2010, 2015); Chernozhukov, Wüthrich & Zhu (2021)
 * (conformal/permutation inference for synthetic controls); Vaver & Koehler (2011) (geo
 * experiments for ad effectiveness); decision 097.
 */
export function readOutGeoLift(input: GeoLiftReadoutInput): GeoLiftResult {
  if (input.testRegions.length === 0) return { status: 'too_thin', reasons: ['no test regions given'] };
  const series = prepareGeoSeries(
    input.orders,
    input.testRegions,
    input.controlRegions,
    input.preStart,
    input.start,
    input.end,
  );
  if (series.status === 'too_thin') return series;
  const revenue = readSeries(
    series.revenue.treated,
    series.revenue.controls,
    series.preDays,
    series.windowDays,
  );
  const orders = readSeries(series.orders.treated, series.orders.controls, series.preDays, series.windowDays);
  const fitted = revenue.estimate.fitted;
  const preDays = Array.from({ length: series.preDays }, (_, t) => t).filter(
    (t) => series.revenue.treated[t]! > 0,
  );
  const preFitMape =
    preDays.reduce(
      (s, t) => s + Math.abs(series.revenue.treated[t]! - fitted[t]!) / series.revenue.treated[t]!,
      0,
    ) / Math.max(preDays.length, 1);
  const scaled = (factor: number | undefined) =>
    factor === undefined
      ? null
      : {
          mean: revenue.incremental * factor,
          low: revenue.incrementalLow * factor,
          high: revenue.incrementalHigh * factor,
        };
  return {
    status: 'read',
    lift: revenue.estimate.lift,
    liftLow: revenue.low,
    liftHigh: revenue.high,
    pValue: revenue.pValue,
    actualRevenue: revenue.estimate.actual,
    counterfactualRevenue: revenue.estimate.counterfactual,
    incrementalRevenue: revenue.incremental,
    incrementalRevenueLow: revenue.incrementalLow,
    incrementalRevenueHigh: revenue.incrementalHigh,
    incrementalOrders: orders.incremental,
    incrementalOrdersLow: orders.incrementalLow,
    incrementalOrdersHigh: orders.incrementalHigh,
    incrementalContribution: scaled(input.margin),
    roas: input.spend && input.spend > 0 ? scaled(1 / input.spend) : null,
    weights: series.controlRegions
      .map((region, j) => ({ region, weight: revenue.estimate.weights[j]! }))
      .filter((w) => w.weight > 1e-6)
      .sort((a, b) => b.weight - a.weight),
    preFitMape,
    placebos: revenue.placebos,
  };
}
