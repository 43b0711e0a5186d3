import { choleskySolve } from '../stats/cholesky-solve.ts';
import { normalCdf } from '../stats/normal-cdf.ts';
import { normalQuantile } from '../stats/normal-quantile.ts';
import type { ConjugatePosterior } from './conjugate-posterior.ts';
import type { RandomStream } from './create-random.ts';

const GIBBS_SWEEPS = 25;

/** One draw of N(μ, s²) restricted to [0, ∞). */
function truncatedNormal(mu: number, s: number, random: RandomStream): number {
  const a = -mu / s;
  if (a > 6) return s * (a + -Math.log(random.uniform()) / a); // Robert (1995) exponential tail, mean ≈ s·(a + 1/a)
  const lower = normalCdf(a);
  const u = lower + random.uniform() * (1 - lower);
  return Math.max(0, mu + s * normalQuantile(Math.min(Math.max(u, 1e-300), 1 - 1e-16)));
}

/**
 * One posterior draw of the noise and the linear coefficients given the adstock/saturation
 * parameters, channel effects constrained to be non-negative.
 *
 * Definition: σ² ~ Inverse-Gamma(aₙ, bₙ), then (γ, β) ~ N(mₙ, σ²Λₙ⁻¹) restricted to β ≥ 0.
 * Reference: Geweke (1991), "Efficient simulation from the multivariate normal and Student-t
 * distributions subject to linear constraints" (Gibbs sampler on the full conditionals); Robert
 * (1995), Statistics and Computing 5 (one-sided truncated normal tails).
 * Method: an unconstrained draw mₙ + σL⁻ᵀz is exact when every channel effect is ≥ 0; otherwise it
 * is clipped at 0 and refined by 25 Gibbs sweeps over every coordinate (each full conditional is
 * normal with precision Λⱼⱼ/σ², truncated at 0 for channel effects).
 */
export function drawMmmCoefficients(
  posterior: ConjugatePosterior,
  firstMedia: number,
  random: RandomStream,
): { coefficients: number[]; sigma: number } {
  const sigma2 = posterior.rate / random.gamma(posterior.shape);
  const sigma = Math.sqrt(sigma2);
  const l = posterior.precisionFactor;
  const p = posterior.mean.length;
  const offset = choleskySolve(
    l,
    posterior.mean.map(() => random.normal()),
    true,
  );
  const beta = posterior.mean.map((m, i) => m + sigma * offset[i]!);
  if (beta.every((b, i) => i < firstMedia || b >= 0)) return { coefficients: beta, sigma };
  for (let i = firstMedia; i < p; i += 1) beta[i] = Math.max(0, beta[i]!);
  const precision = Array.from({ length: p }, (_, i) =>
    Array.from({ length: p }, (_, j) => {
      let s = 0;
      for (let k = 0; k <= Math.min(i, j); k += 1) s += l[i]![k]! * l[j]![k]!;
      return s;
    }),
  );
  for (let sweep = 0; sweep < GIBBS_SWEEPS; sweep += 1) {
    for (let j = 0; j < p; j += 1) {
      let shift = 0;
      for (let k = 0; k < p; k += 1)
        if (k !== j) shift += precision[j]![k]! * (beta[k]! - posterior.mean[k]!);
      const mu = posterior.mean[j]! - shift / precision[j]![j]!;
      const s = sigma / Math.sqrt(precision[j]![j]!);
      beta[j] = j < firstMedia ? mu + s * random.normal() : truncatedNormal(mu, s, random);
    }
  }
  return { coefficients: beta, sigma };
}
