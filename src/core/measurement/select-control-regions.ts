/** A control region needs at least this many orders per week on average in the pre-period. */
const MIN_WEEKLY_ORDERS = 1;

/**
 * The regions that can stand in for the test regions: every other shipping region with enough
 * orders in the pre-period.
 *
 * Definition: controls = regions not under test with ≥ 1 order a week over the pre-period, in
 * the order the series list them. All of them enter the synthetic control: its ridge shrinks the
 * weights toward the pooled control (estimateSyntheticLift), so a donor that does not follow the
 * test regions costs no more than its share of the pooled sum, and each added donor's orders lower
 * the count noise of the counterfactual. The best-20-by-correlation cut of decision 097 left out a
 * third of the orders in a 40-region shop and cost about 2 of 100 tests their ±2-point estimate
 * (decision 203).
 * Reference: Vaver & Koehler (2011), "Measuring Ad Effectiveness Using Geo Experiments", §3
 * (control geos from the shop's other geos); Arkhangelsky, Athey, Hirshberg, Imbens & Wager
 * (2021), "Synthetic Difference-in-Differences", AER 111(12), §2 (every control unit kept, the
 * regularised weights doing the selection).
 */
export function selectControlRegions(
  orders: ReadonlyMap<string, readonly number[]>,
  testRegions: readonly string[],
  preDays: number,
): string[] {
  return [...orders.keys()].filter(
    (region) =>
      !testRegions.includes(region) &&
      orders
        .get(region)!
        .slice(0, preDays)
        .reduce((a, b) => a + b, 0) >=
        MIN_WEEKLY_ORDERS * (preDays / 7),
  );
}
