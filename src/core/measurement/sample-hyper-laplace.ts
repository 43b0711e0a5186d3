import { choleskyRegularised } from '../stats/cholesky-regularised.ts';
import { choleskySolve } from '../stats/cholesky-solve.ts';
import type { RandomStream } from './create-random.ts';

/**
 * Draws of the adstock/saturation parameters from the Laplace approximation of their posterior.
 *
 * Definition: u ~ N(û, H⁻¹), û the posterior mode and H the Hessian of the negative log posterior
 * there (on the unconstrained scale, so the constrained draws are skewed as they should be).
 * Reference: Tierney & Kadane (1986), JASA 81(393) "Accurate approximations for posterior moments
 * and marginal densities"; Gelman et al., Bayesian Data Analysis, 3rd ed., §4.1 and §13.3.
 * Method: u = û + L⁻ᵀz with H = LLᵀ and z standard normal; a Hessian that is not positive definite
 * gets the smallest ridge that makes it so (choleskyRegularised, decision 096).
 */
export function sampleHyperLaplace(
  mode: readonly number[],
  hessian: readonly (readonly number[])[],
  draws: number,
  random: RandomStream,
): number[][] {
  const factor = choleskyRegularised(hessian);
  const out: number[][] = [];
  for (let d = 0; d < draws; d += 1) {
    const offset = choleskySolve(
      factor,
      mode.map(() => random.normal()),
      true,
    );
    out.push(mode.map((m, i) => m + offset[i]!));
  }
  return out;
}
