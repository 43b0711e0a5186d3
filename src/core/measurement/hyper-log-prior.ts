import { logBeta } from '../stats/log-beta.ts';
import { logGamma } from '../stats/log-gamma.ts';
import type { MmmSaturation } from './types.ts';

/** Jin et al. (2017) §3.3 priors: decay ~ Beta(3, 3), half-saturation share ~ Beta(2, 2), shape ~ Gamma(3, 1). */
export const DECAY_PRIOR: readonly [number, number] = [3, 3];
/**
 * The grid of `decayPrior: 'estimated'` (decision 162; the default from 156 weeks, decision 214): one
 * decay prior shared by every channel, Beta(κμ, κ(1 − μ)) with Jin et al.'s concentration κ = 6 and
 * its mean μ ∈ {0.1, 0.25, 0.5, 0.75} chosen by the data (uniform hyperprior on the grid).
 */
export const DECAY_PRIOR_GRID: readonly (readonly [number, number])[] = [0.1, 0.25, 0.5, 0.75].map(
  (mu) => [6 * mu, 6 * (1 - mu)] as const,
);
/**
 * The stated alternative decay prior of the budget move's sensitivity refit (decision 163):
 * pymc-marketing's `GeometricAdstock` default Beta(1, 3), mean 0.25 a week, most mass on short
 * carry-over — where decision 152 found the adopted Beta(3, 3) overrates a weak, short channel.
 */
export const DECAY_PRIOR_ALTERNATIVE: readonly [number, number] = [1, 3];
const HALF = [2, 2] as const;
const SHAPE = 3;
/** pymc-marketing's `LogisticSaturation` default: λ ~ Gamma(3, 1) on max-scaled spend (decision 234). */
const LOGISTIC_LAMBDA_SHAPE = 3;

/**
 * Log prior density of the adstock and saturation parameters on the unconstrained scale of
 * hyperFromVector (Jacobian included), up to nothing: a proper density.
 *
 * Definition: for p = logistic(u) with p ~ Beta(a, b): log p(u) = a·ln p + b·ln(1 − p) − ln B(a, b);
 * for S = exp(u) with S ~ Gamma(k, 1): log p(u) = k·u − S − ln Γ(k). Hill: three numbers a channel
 * (decay, half-saturation share, shape S ~ Gamma(3, 1)); logistic saturation (decision 234): two
 * (decay, λ = exp(u) ~ Gamma(3, 1), pymc-marketing's `LogisticSaturation` default prior).
 * Reference: Jin, Wang, Sun, Chan & Koehler (2017), "Bayesian Methods for Media Mix Modeling with
 * Carryover and Shape Effects", §3.3 (the priors used in their simulation study); Stan Reference
 * Manual, "Change of variables" for the Jacobian terms.
 *
 * The decay's Beta(a, b) is `decay` (default Jin et al.'s Beta(3, 3); decision 163 refits with
 * DECAY_PRIOR_ALTERNATIVE to test a budget move's sensitivity to it).
 *
 * @example hyperLogPrior([0, 0, Math.log(2)]) // finite; the mode of each factor
 */
export function hyperLogPrior(
  u: readonly number[],
  decay: readonly [number, number] = DECAY_PRIOR,
  saturation: MmmSaturation = 'hill',
): number {
  let total = 0;
  const logisticTerm = (x: number, [a, b]: readonly [number, number]) => {
    const logP = -Math.log1p(Math.exp(-x));
    const logQ = -Math.log1p(Math.exp(x));
    return a * logP + b * logQ - logBeta(a, b);
  };
  const gammaTerm = (x: number, k: number) => k * x - Math.exp(x) - logGamma(k);
  if (saturation === 'logistic') {
    for (let i = 0; i + 1 < u.length; i += 2)
      total += logisticTerm(u[i]!, decay) + gammaTerm(u[i + 1]!, LOGISTIC_LAMBDA_SHAPE);
    return total;
  }
  for (let i = 0; i + 2 < u.length; i += 3) {
    total += logisticTerm(u[i]!, decay) + logisticTerm(u[i + 1]!, HALF);
    total += gammaTerm(u[i + 2]!, SHAPE);
  }
  return total;
}
