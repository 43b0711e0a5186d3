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

/** Interval and p-values come from the 10 % test: the interval is the lifts it does not reject. */
const ALPHA = 0.1;

/** p-value of "the test's lift was `hypothesis`" (placeboLifts: rank of the test window's |lift|). */
function pValueOf(
  treated: readonly number[],
  controls: readonly (readonly number[])[],
  preDays: number,
  windowDays: number,
  treatedUnits: number,
  hypothesis: number,
) {
  const lifts = placeboLifts(treated, controls, preDays, windowDays, treatedUnits, hypothesis);
  const observed = Math.abs(lifts[preDays]!) * (1 - 1e-9);
  return lifts.filter((l) => Math.abs(l) >= observed).length / lifts.length;
}

/**
 * The edge of the set of lifts with p > α on one side of the estimate: step outwards by `step`
 * (doubling) until a lift is rejected, then bisect to 0.1 % of a point.
 */
function edge(pValue: (lift: number) => number, estimate: number, direction: 1 | -1, step: number) {
  let inside = estimate;
  let outside = estimate + direction * step;
  for (let k = 0; pValue(outside) > ALPHA && k < 12; k += 1) {
    inside = outside;
    outside = Math.max(estimate + direction * step * 2 ** (k + 1), -0.99);
  }
  while (Math.abs(outside - inside) > 1e-3) {
    const middle = (inside + outside) / 2;
    if (pValue(middle) > ALPHA) inside = middle;
    else outside = middle;
  }
  return inside;
}

/**
 * The read-out of a finished geo holdout test: how many orders, and so how much revenue and
 * contribution, the test caused in the test regions, with a 90 % interval and a permutation p-value.
 *
 * Definition: lift = the relative lift in orders, actual / synthetic-control counterfactual − 1
 * over the test window (estimateSyntheticLift on daily order counts, weights fitted on the whole
 * pre-period); p-value = that of "lift = 0" and the 90 % interval = every lift ℓ whose p-value is
 * above 0.1, where the p-value of ℓ is the rank of the test window's |lift| among all cyclic
 * windows once the test window is divided by 1 + ℓ (placeboLifts; the edges found by stepping out
 * and bisecting to 0.1 % of a point); incremental orders = actual − actual/(1 + lift), its bounds
 * from the lift's; incremental revenue = the test regions' revenue in the window × lift/(1 + lift)
 * (the incremental share of the orders at the window's own order value: the ads are taken to bring
 * orders, not to change what an order is worth); contribution = incremental revenue × margin;
 * ROAS = incremental revenue / spend. Orders, not revenue, are read because the order values'
 * spread (a coefficient of variation near 0.5 in a shop) adds noise to revenue without telling
 * anything about the test: on simulated regions it was 37 % of the estimate's variance (decision 124).
 * Reference: Abadie, Diamond & Hainmueller (2010, 2015); Chernozhukov, Wüthrich & Zhu (2021)
 * (conformal inference for synthetic controls, test inversion); Vaver & Koehler (2011) (geo
 * experiments for ad effectiveness); decisions 097 and 124.
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
  const { treated, controls } = series.orders;
  const { preDays, windowDays } = series;
  const units = input.testRegions.length;
  const fit = Array.from({ length: preDays }, (_, t) => t);
  const window = Array.from({ length: windowDays }, (_, i) => preDays + i);
  const estimate = estimateSyntheticLift(treated, controls, fit, window, units);
  const pValue = (lift: number) => pValueOf(treated, controls, preDays, windowDays, units, lift);
  const step = Math.max(0.01, Math.abs(estimate.lift) / 4);
  const liftLow = edge(pValue, estimate.lift, -1, step);
  const liftHigh = edge(pValue, estimate.lift, 1, step);
  const actualRevenue = window.reduce((s, t) => s + series.revenue.treated[t]!, 0);
  const share = (lift: number) => lift / (1 + lift);
  const positive = fit.filter((t) => treated[t]! > 0);
  const preFitMape =
    positive.reduce((s, t) => s + Math.abs(treated[t]! - estimate.fitted[t]!) / treated[t]!, 0) /
    Math.max(positive.length, 1);
  const scaled = (factor: number | undefined) =>
    factor === undefined
      ? null
      : {
          mean: actualRevenue * share(estimate.lift) * factor,
          low: actualRevenue * share(liftLow) * factor,
          high: actualRevenue * share(liftHigh) * factor,
        };
  return {
    status: 'read',
    lift: estimate.lift,
    liftLow,
    liftHigh,
    pValue: pValue(0),
    actualRevenue,
    counterfactualRevenue: actualRevenue / (1 + estimate.lift),
    incrementalRevenue: actualRevenue * share(estimate.lift),
    incrementalRevenueLow: actualRevenue * share(liftLow),
    incrementalRevenueHigh: actualRevenue * share(liftHigh),
    incrementalOrders: estimate.actual * share(estimate.lift),
    incrementalOrdersLow: estimate.actual * share(liftLow),
    incrementalOrdersHigh: estimate.actual * share(liftHigh),
    incrementalContribution: scaled(input.margin),
    roas: input.spend && input.spend > 0 ? scaled(1 / input.spend) : null,
    weights: series.controlRegions
      .map((region, j) => ({ region, weight: estimate.weights[j]! }))
      .filter((w) => w.weight > 1e-6)
      .sort((a, b) => b.weight - a.weight),
    preFitMape,
    placebos: preDays + windowDays,
  };
}
