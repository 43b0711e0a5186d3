import { choleskyRegularised } from '../stats/cholesky-regularised.ts';
import { choleskySolve } from '../stats/cholesky-solve.ts';
import { logGamma } from '../stats/log-gamma.ts';
import type { RandomStream } from './create-random.ts';

/** Degrees of freedom of the Student-t proposal: heavy enough tails to reach a skewed posterior's tail. */
const PROPOSAL_DF = 4;
/** Proposals per kept draw. */
const OVERSAMPLE = 3;

/**
 * Draws of the adstock/saturation parameters by importance re-weighting of a widened Laplace
 * approximation by the exact collapsed posterior, then resampling to equally weighted draws.
 *
 * Definition: proposals u ~ t₄(û, H⁻¹) (multivariate Student-t around the mode with the Laplace
 * covariance); weight w = p(u | y)/q(u) with p the unnormalised collapsed posterior; weights
 * truncated at w̄·√M (M proposals) so one proposal cannot carry the answer; `draws` draws are
 * then taken by systematic resampling in proportion to the weights. The effective sample size
 * (Σw)²/Σw² of the truncated weights is returned so a caller can say how good the proposal was.
 * Reference: Geweke (1989), Econometrica 57(6), "Bayesian inference in econometric models using
 * Monte Carlo integration" (importance sampling with a multivariate-t around the mode); Ionides
 * (2008), JCGS 17(2), "Truncated importance sampling" (the w̄·√M cap); Rubin (1988)
 * sampling–importance–resampling; Kitagawa (1996) systematic resampling.
 * Method: M = 3·draws proposals; log-weights are shifted by their maximum before exponentiating.
 */
export function sampleHyperImportance(
  logPosterior: (u: number[]) => number,
  mode: readonly number[],
  hessian: readonly (readonly number[])[],
  draws: number,
  random: RandomStream,
): { draws: number[][]; effectiveSampleSize: number; logEvidence: number } {
  const factor = choleskyRegularised(hessian);
  const d = mode.length;
  const proposals: number[][] = [];
  const logWeights: number[] = [];
  for (let m = 0; m < draws * OVERSAMPLE; m += 1) {
    const z = mode.map(() => random.normal());
    const offset = choleskySolve(factor, z, true);
    const radius = Math.sqrt(PROPOSAL_DF / (2 * random.gamma(PROPOSAL_DF / 2)));
    const u = mode.map((v, i) => v + radius * offset[i]!);
    // δᵀHδ = |z|²·radius² because δ = radius·L⁻ᵀz.
    const quad = z.reduce((s, x) => s + x * x, 0) * radius * radius;
    const logQ = -0.5 * (PROPOSAL_DF + d) * Math.log1p(quad / PROPOSAL_DF);
    proposals.push(u);
    logWeights.push(logPosterior(u) - logQ);
  }
  const finite = logWeights.filter(Number.isFinite);
  const top = finite.length > 0 ? Math.max(...finite) : 0;
  const raw = logWeights.map((lw) => (Number.isFinite(lw) ? Math.exp(lw - top) : 0));
  const cap = (raw.reduce((a, b) => a + b, 0) / raw.length) * Math.sqrt(raw.length);
  const weights = raw.map((w) => Math.min(w, cap));
  const total = weights.reduce((a, b) => a + b, 0);
  const effectiveSampleSize = total ** 2 / weights.reduce((a, b) => a + b * b, 0);
  // log ∫ p(u | y) du: the untruncated mean weight, with the t proposal's normalising constant.
  const logNorm =
    logGamma((PROPOSAL_DF + d) / 2) -
    logGamma(PROPOSAL_DF / 2) -
    (d / 2) * Math.log(PROPOSAL_DF * Math.PI) +
    factor.reduce((s, row, i) => s + Math.log(row[i]!), 0);
  const logEvidence = top + Math.log(raw.reduce((a, b) => a + b, 0) / raw.length) - logNorm;
  const out: number[][] = [];
  let cumulative = 0;
  let index = 0;
  const start = random.uniform();
  for (let k = 0; k < draws; k += 1) {
    const target = ((start + k) / draws) * total;
    while (index < weights.length - 1 && cumulative + weights[index]! < target) {
      cumulative += weights[index]!;
      index += 1;
    }
    out.push([...proposals[index]!]);
  }
  return { draws: out, effectiveSampleSize, logEvidence };
}
