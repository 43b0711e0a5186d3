import { normalQuantile } from '../stats/normal-quantile.ts';
import type { RoasHierarchicalPrior } from './types.ts';

/** Points of the quadrature over the spread τ (equal-probability bins of its half-normal prior). */
const SPREAD_POINTS = 48;

/**
 * The joint prior log density of several channels' log ROAS when they share a hierarchical prior:
 * ln ROAS_c ~ N(μ, τ²) independently given the shop's typical log ROAS μ and the spread τ, with
 * μ ~ N(logMean, logMeanSd²) and τ ~ half-normal(spreadScale), μ and τ integrated out. Channels are
 * exchangeable, so a channel the data say little about is pulled toward the level the other
 * channels set (partial pooling), and how hard depends on how far apart the others are.
 *
 * Definition: given τ, the vector ℓ of log ROAS is normal with mean logMean·1 and covariance
 * τ²·I + logMeanSd²·11ᵀ; with C channels, ℓ̄ their mean, S = Σ(ℓ_c − ℓ̄)² and v = τ² + C·logMeanSd²,
 * ln p(ℓ | τ) = −(C/2)·ln 2π − (C − 1)·ln τ − ½·ln v − S/(2τ²) − C·(ℓ̄ − logMean)²/(2v).
 * τ is integrated numerically at the midpoints (in probability) of SPREAD_POINTS equal-probability
 * bins of its half-normal prior: p(ℓ) ≈ mean over those τ of p(ℓ | τ). Returns 0 for no channels.
 * Reference: Gelman, Carlin, Stern, Dunson, Vehtari & Rubin, "Bayesian Data Analysis", 3rd ed.,
 * §5.4–5.5 (the hierarchical normal model, μ integrated in closed form, τ on a grid) and Gelman
 * (2006), "Prior distributions for variance parameters in hierarchical models", Bayesian Analysis
 * 1(3), for the half-normal on τ; pymc-marketing's nested `Prior` hyperpriors over the channel
 * dimension for the same idea in an MMM; decision 184 for the measurement.
 */
export function hierarchicalLogRoasDensity(logRoas: readonly number[], prior: RoasHierarchicalPrior): number {
  const count = logRoas.length;
  if (count === 0) return 0;
  const mean = logRoas.reduce((a, b) => a + b, 0) / count;
  const spread = logRoas.reduce((s, l) => s + (l - mean) ** 2, 0);
  const level = count * (mean - prior.logMean) ** 2;
  const logs: number[] = [];
  for (let j = 0; j < SPREAD_POINTS; j += 1) {
    const tau = prior.spreadScale * normalQuantile(0.5 + (0.5 * (j + 0.5)) / SPREAD_POINTS);
    const v = tau * tau + count * prior.logMeanSd * prior.logMeanSd;
    logs.push(
      -0.5 * count * Math.log(2 * Math.PI) -
        (count - 1) * Math.log(tau) -
        0.5 * Math.log(v) -
        spread / (2 * tau * tau) -
        level / (2 * v),
    );
  }
  const top = Math.max(...logs);
  return top + Math.log(logs.reduce((s, l) => s + Math.exp(l - top), 0) / SPREAD_POINTS);
}
