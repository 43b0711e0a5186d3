/**
 * Splits a whole number of units (minor units, impressions, clicks) among parts in proportion to
 * their weights, exactly: each part gets the floor of its exact share, and the units left go one
 * each to the parts with the largest fractional remainders (ties to the earlier part). The parts
 * add up to `total`, and none is more than one unit from its exact share — unlike a cumulative
 * floor (allocate-by-weight.ts), which can put a part two units from a neighbour's. Used where a
 * split must read as each part's own figure: the demo's ads of a campaign day (decision 121) and
 * the shop-currency spend of a campaign day's ads (decision 130). No weight, or a zero total,
 * gives zeros.
 *
 * @example splitByLargestRemainder(1055, [334, 333, 334]) // [352, 351, 352]
 */
export function splitByLargestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((s, p) => s + p, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left -= 1) parts[order[k]!.i]! += 1;
  return parts;
}
