import { choleskyRegularised } from '../stats/cholesky-regularised.ts';
import { choleskySolve } from '../stats/cholesky-solve.ts';
import type { RandomStream } from './create-random.ts';

/**
 * Draws of the adstock/saturation parameters by random-walk Metropolis on their collapsed
 * posterior (coefficients and noise integrated out analytically): the reference sampler the
 * Laplace approximation is compared with in decision 096.
 *
 * Definition: a Markov chain on u with proposal u' = u + (2.38/√d)·L⁻ᵀz (H = LLᵀ the Hessian at the
 * mode, z standard normal), accepted with probability min(1, exp(logPost(u') − logPost(u))).
 * Reference: Metropolis et al. (1953); Roberts, Gelman & Gilks (1997), Ann. Appl. Probab. 7(1) for
 * the 2.38²/d scaling; Gelman et al., Bayesian Data Analysis, 3rd ed., §12.2.
 * Method: starts at the mode, discards `burnIn` steps, then keeps every `thin`-th state.
 */
export function sampleHyperMetropolis(
  logPosterior: (u: number[]) => number,
  mode: readonly number[],
  hessian: readonly (readonly number[])[],
  draws: number,
  random: RandomStream,
  options: { burnIn?: number; thin?: number } = {},
): { draws: number[][]; acceptance: number } {
  const burnIn = options.burnIn ?? 500;
  const thin = options.thin ?? 5;
  const factor = choleskyRegularised(hessian);
  const jump = 2.38 / Math.sqrt(mode.length);
  let current = [...mode];
  let currentLp = logPosterior(current);
  let accepted = 0;
  const out: number[][] = [];
  const total = burnIn + draws * thin;
  for (let step = 0; step < total; step += 1) {
    const offset = choleskySolve(
      factor,
      mode.map(() => random.normal()),
      true,
    );
    const proposal = current.map((v, i) => v + jump * offset[i]!);
    const lp = logPosterior(proposal);
    if (Math.log(random.uniform()) < lp - currentLp) {
      current = proposal;
      currentLp = lp;
      accepted += 1;
    }
    if (step >= burnIn && (step - burnIn) % thin === thin - 1) out.push([...current]);
  }
  return { draws: out, acceptance: accepted / total };
}
