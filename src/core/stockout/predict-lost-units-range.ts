/**
 * Range of the units a stock-out lost, around its expected demand.
 *
 * Definition: expected units E = baselineUnits × scale (scale: expected units per baseline unit);
 * two independent Poisson sources of error — the baseline count E rests on (variance scale² ×
 * baselineUnits, at least one unit's worth so a baseline with no sales still has an upper end) and
 * the demand on the out-of-stock days itself (variance E). Range = E ± z·√(sum), minus the units
 * still sold, floored at 0; z = 1.2816 gives the central 80 %.
 * Why: a product selling ten units over a stock-out could as well have sold six or fourteen, so the
 * loss is shown as a range the data supports, not a point.
 */
export function predictLostUnitsRange(
  baselineUnits: number,
  scale: number,
  soldUnits: number,
  z = 1.2816,
): { low: number; high: number } {
  const expected = baselineUnits * scale;
  const spread = z * Math.sqrt(expected + scale * scale * Math.max(baselineUnits, 1));
  return {
    low: Math.max(0, expected - spread - soldUnits),
    high: Math.max(0, expected + spread - soldUnits),
  };
}
