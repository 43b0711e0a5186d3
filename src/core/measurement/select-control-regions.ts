/** At most this many control regions enter the synthetic control. */
const MAX_CONTROLS = 20;
/** A control region needs at least this many orders per week on average in the pre-period. */
const MIN_WEEKLY_ORDERS = 1;

/**
 * The regions that can stand in for the test regions: the shop's other shipping regions with
 * enough orders, the ones whose weekly revenue moved most like the test regions' first.
 *
 * Definition: candidates = regions not under test with ≥ 1 order a week over the pre-period;
 * ranked by the Pearson correlation of their weekly revenue with the test regions' summed weekly
 * revenue over the pre-period; the best 20 kept.
 * Reference: Vaver & Koehler (2011), "Measuring Ad Effectiveness Using Geo Experiments", §3
 * (control geos matched on pre-period behaviour); Abadie et al. (2010) §3 on restricting the
 * donor pool to comparable units.
 */
export function selectControlRegions(
  revenue: ReadonlyMap<string, readonly number[]>,
  orders: ReadonlyMap<string, readonly number[]>,
  testRegions: readonly string[],
  preDays: number,
): string[] {
  const weeks = Math.floor(preDays / 7);
  const weekly = (series: readonly number[]) =>
    Array.from({ length: weeks }, (_, w) =>
      series.slice(preDays - (w + 1) * 7, preDays - w * 7).reduce((a, b) => a + b, 0),
    );
  const treated = weekly(
    Array.from({ length: preDays }, (_, t) =>
      testRegions.reduce((s, r) => s + (revenue.get(r)?.[t] ?? 0), 0),
    ),
  );
  const correlation = (a: readonly number[], b: readonly number[]) => {
    const ma = a.reduce((s, v) => s + v, 0) / a.length;
    const mb = b.reduce((s, v) => s + v, 0) / b.length;
    let sab = 0;
    let saa = 0;
    let sbb = 0;
    for (let i = 0; i < a.length; i += 1) {
      sab += (a[i]! - ma) * (b[i]! - mb);
      saa += (a[i]! - ma) ** 2;
      sbb += (b[i]! - mb) ** 2;
    }
    return saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : 0;
  };
  return [...revenue.keys()]
    .filter((region) => !testRegions.includes(region))
    .filter(
      (region) =>
        (orders.get(region) ?? []).slice(0, preDays).reduce((a, b) => a + b, 0) >=
        MIN_WEEKLY_ORDERS * (preDays / 7),
    )
    .map((region) => ({ region, r: correlation(weekly(revenue.get(region)!), treated) }))
    .sort((a, b) => b.r - a.r || a.region.localeCompare(b.region))
    .slice(0, MAX_CONTROLS)
    .map((c) => c.region);
}
