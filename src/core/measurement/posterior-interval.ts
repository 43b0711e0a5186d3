import { quantileType7 } from '../stats/quantile-type7.ts';
import type { Interval } from './types.ts';

/**
 * Posterior mean and 90 % equal-tailed credible interval of a quantity from its draws.
 *
 * Definition: mean of the draws, and their 5 % and 95 % sample quantiles (Hyndman & Fan type 7).
 * Reference: Gelman et al., Bayesian Data Analysis, 3rd ed., §2.3 (central posterior intervals).
 *
 * @example posteriorInterval([1, 2, 3]) // { mean: 2, low: 1.1, high: 2.9 }
 */
export function posteriorInterval(values: readonly number[]): Interval {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    mean: values.reduce((a, b) => a + b, 0) / values.length,
    low: quantileType7(sorted, 0.05),
    high: quantileType7(sorted, 0.95),
  };
}
