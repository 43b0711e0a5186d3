/** Where the type-7 median of n ascending values lies: two 0-based ranks and the weight of the upper. */
export interface MedianRanks {
  lower: number;
  upper: number;
  /** h − ⌊h⌋: the median is x[lower] + fraction·(x[upper] − x[lower]). */
  fraction: number;
}

/**
 * The order statistics the type-7 median of `n` values interpolates (quantileType7 at p = 0.5), so
 * a reader that cannot hold every value (the funnel report's daily step table, decision 141) fetches
 * only those two.
 *
 * Definition: h = (n − 1)·0.5, lower = ⌊h⌋, upper = min(lower + 1, n − 1), fraction = h − lower.
 *
 * @throws RangeError when n is not a positive integer.
 * @example medianRanks(4) // { lower: 1, upper: 2, fraction: 0.5 }
 */
export function medianRanks(n: number): MedianRanks {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`a median needs at least one value, got ${n}`);
  const h = (n - 1) * 0.5;
  const lower = Math.floor(h);
  return { lower, upper: Math.min(lower + 1, n - 1), fraction: h - lower };
}
