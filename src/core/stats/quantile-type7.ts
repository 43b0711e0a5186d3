/**
 * Sample quantile of an ascending-sorted array, R's type 7 (numpy's default "linear").
 *
 * Definition: with h = (n − 1)p, Q(p) = x[⌊h⌋] + (h − ⌊h⌋)(x[⌊h⌋ + 1] − x[⌊h⌋]) (0-based).
 * Reference: Hyndman & Fan (1996), "Sample quantiles in statistical packages", definition 7.
 * Method: linear interpolation between the two closest order statistics; O(1).
 *
 * @throws RangeError on an empty array or p outside [0, 1].
 * @example quantileType7([1, 2, 3, 4], 0.5) // 2.5
 */
export function quantileType7(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('quantileType7 needs at least one value');
  if (!(p >= 0 && p <= 1)) throw new RangeError(`quantileType7 needs 0 ≤ p ≤ 1, got ${p}`);
  const h = (sorted.length - 1) * p;
  const lower = Math.floor(h);
  const upper = Math.min(lower + 1, sorted.length - 1);
  return sorted[lower]! + (h - lower) * (sorted[upper]! - sorted[lower]!);
}
