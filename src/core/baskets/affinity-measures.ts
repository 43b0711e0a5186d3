/** Support, confidence and lift of "a → b" (decision 116). */
export interface AffinityMeasures {
  /** Share of all baskets holding both. */
  support: number;
  /** Share of the baskets holding a that also hold b. */
  confidence: number;
  /** confidence ÷ the share of baskets holding b: 1 = independent, above 1 = bought together more than by chance. */
  lift: number;
}

/**
 * The classic market-basket measures of a rule a → b from counts: `together` baskets hold both,
 * `withA` hold a, `withB` hold b, out of `baskets`. Every count is positive when called (a pair
 * that was seen), so no ratio divides by zero.
 *
 * @example affinityMeasures({ baskets: 100, withA: 10, withB: 20, together: 6 }) // { support: 0.06, confidence: 0.6, lift: 3 }
 */
export function affinityMeasures(counts: {
  baskets: number;
  withA: number;
  withB: number;
  together: number;
}): AffinityMeasures {
  const support = counts.together / counts.baskets;
  const confidence = counts.together / counts.withA;
  return { support, confidence, lift: confidence / (counts.withB / counts.baskets) };
}
