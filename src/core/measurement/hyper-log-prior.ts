import { logBeta } from '../stats/log-beta.ts';
import { logGamma } from '../stats/log-gamma.ts';

/** Jin et al. (2017) §3.3 priors: decay ~ Beta(3, 3), half-saturation share ~ Beta(2, 2), shape ~ Gamma(3, 1). */
const DECAY = [3, 3] as const;
const HALF = [2, 2] as const;
const SHAPE = 3;

/**
 * Log prior density of the adstock and saturation parameters on the unconstrained scale of
 * hyperFromVector (Jacobian included), up to nothing: a proper density.
 *
 * Definition: for p = logistic(u) with p ~ Beta(a, b): log p(u) = a·ln p + b·ln(1 − p) − ln B(a, b);
 * for S = exp(u) with S ~ Gamma(k, 1): log p(u) = k·u − S − ln Γ(k).
 * Reference: Jin, Wang, Sun, Chan & Koehler (2017), "Bayesian Methods for Media Mix Modeling with
 * Carryover and Shape Effects", §3.3 (the priors used in their simulation study); Stan Reference
 * Manual, "Change of variables" for the Jacobian terms.
 *
 * @example hyperLogPrior([0, 0, Math.log(2)]) // finite; the mode of each factor
 */
export function hyperLogPrior(u: readonly number[]): number {
  let total = 0;
  const logisticTerm = (x: number, [a, b]: readonly [number, number]) => {
    const logP = -Math.log1p(Math.exp(-x));
    const logQ = -Math.log1p(Math.exp(x));
    return a * logP + b * logQ - logBeta(a, b);
  };
  for (let i = 0; i + 2 < u.length; i += 3) {
    total += logisticTerm(u[i]!, DECAY) + logisticTerm(u[i + 1]!, HALF);
    total += SHAPE * u[i + 2]! - Math.exp(u[i + 2]!) - logGamma(SHAPE);
  }
  return total;
}
