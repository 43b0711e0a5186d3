import { logGamma } from './log-gamma.ts';

/**
 * The p-quantile of a Poisson distribution with mean `mean`: the smallest whole k with
 * P(X ≤ k) ≥ p.
 *
 * Definition: P(X = k) = e^(−μ) μ^k / k!; the cumulative sum is walked from k = 0 with each term
 * computed in log space (ln P = −μ + k ln μ − ln Γ(k + 1), Lanczos ln Γ), so a mean of several
 * thousand does not underflow the terms that matter. Reference: Johnson, Kemp & Kotz, Univariate
 * Discrete Distributions, 3rd ed. (2005), §4.2.
 *
 * @example poissonQuantile(20, 0.025) // 12
 */
export function poissonQuantile(mean: number, p: number): number {
  if (!(mean > 0)) return 0;
  const logMean = Math.log(mean);
  let cdf = 0;
  for (let k = 0; ; k += 1) {
    cdf += Math.exp(-mean + k * logMean - logGamma(k + 1));
    if (cdf >= p) return k;
  }
}
