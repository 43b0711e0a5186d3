import type { MmmDesign } from './build-mmm-design.ts';
import type { ConjugatePosterior } from './conjugate-posterior.ts';
import type { RandomStream } from './create-random.ts';
import { hierarchicalLogRoasDensity } from './hierarchical-log-roas-density.ts';
import type { RoasHierarchicalPrior, RoasLogNormalPrior } from './types.ts';

/** Meridian's default prior on a channel's ROI (`roi_m`): LogNormal(0.2, 0.9), median 1.22. */
export const ROAS_PRIOR_MERIDIAN: RoasLogNormalPrior = { logMean: 0.2, logSd: 0.9 };

/**
 * Posterior draws under a log-normal prior on each channel's ROAS, made from draws under the
 * model's Gaussian effect prior truncated at 0, by importance re-weighting and resampling.
 *
 * Definition: channel c's ROAS is r_c = β_c·k_c with k_c = scale·Σ_t Hill_c,t / Σ_t x_c,t (the
 * fitted periods), so r_c ~ LogNormal(μ, s) is the prior p(β_c | u) = LN(k_c·β_c; μ, s)·k_c. A draw
 * (u, σ, β) of the truncated-Gaussian posterior gets weight w ∝ Π_c p_LN(β_c | u) / N(β_c; m₀,
 * σ²/λ₀) over the channels without a lift-test prior (λ₀ the prior precision per σ²; the constant
 * truncation factor ½ drops out), the likelihood and the other priors cancelling; β_c ≤ 0 gets
 * weight 0. `keep` draws are resampled from the weights (systematic resampling). With a
 * RoasHierarchicalPrior (decision 184) the channels' log ROAS share one prior instead: the product
 * of log-normal densities becomes hierarchicalLogRoasDensity of the vector (the Jacobian 1/β_c and
 * the Gaussian ratio unchanged), over the channels without a lift-test prior.
 * Reference: Google's Meridian (`PriorDistribution.roi_m`, LogNormal(0.2, 0.9) by default) for
 * the prior; Smith & Gelfand (1992), "Bayesian statistics without tears: a sampling–resampling
 * perspective", The American Statistician 46(2), for re-weighting posterior draws to a new prior;
 * Kitagawa (1996) for systematic resampling; decision 178 for the measurement.
 */
export function reweightToRoasPrior<
  D extends { posterior: ConjugatePosterior; coefficients: readonly number[]; sigma: number },
>(
  proposals: readonly D[],
  design: Pick<MmmDesign, 'base' | 'spend' | 'scale'>,
  rows: number,
  prior: RoasLogNormalPrior | RoasHierarchicalPrior,
  keep: number,
  random: RandomStream,
): D[] {
  const nb = design.base.length;
  const spendSums = design.spend.map((s) => s.slice(0, rows).reduce((a, b) => a + b, 0));
  const logWeights = proposals.map(({ posterior, coefficients, sigma }) => {
    let log = 0;
    const logRoas: number[] = [];
    for (let c = 0; c < posterior.media.length; c += 1) {
      const gaussian = posterior.mediaPrior[c]!;
      if (gaussian.lift) continue;
      const beta = coefficients[nb + c]!;
      let hill = 0;
      for (let t = 0; t < rows; t += 1) hill += posterior.media[c]![t]!;
      const k = (design.scale * hill) / spendSums[c]!;
      if (!(beta > 0 && k > 0)) return Number.NEGATIVE_INFINITY;
      logRoas.push(Math.log(k * beta));
      log -= Math.log(beta);
      log -= -Math.log(sigma) - (0.5 * gaussian.precision * (beta - gaussian.mean) ** 2) / (sigma * sigma);
    }
    if ('spreadScale' in prior) return log + hierarchicalLogRoasDensity(logRoas, prior);
    for (const l of logRoas) log -= 0.5 * ((l - prior.logMean) / prior.logSd) ** 2;
    return log;
  });
  const top = Math.max(...logWeights);
  if (!Number.isFinite(top)) return proposals.slice(0, keep);
  const weights = logWeights.map((l) => Math.exp(l - top));
  const total = weights.reduce((a, b) => a + b, 0);
  const out: D[] = [];
  let cumulative = weights[0]! / total;
  let i = 0;
  const start = random.uniform() / keep;
  for (let j = 0; j < keep; j += 1) {
    const target = start + j / keep;
    while (cumulative < target && i < proposals.length - 1) {
      i += 1;
      cumulative += weights[i]! / total;
    }
    out.push(proposals[i]!);
  }
  return out;
}
