import type { MmmDesign } from './build-mmm-design.ts';
import { createMmmColumnPosterior } from './create-mmm-column-posterior.ts';
import type { ChannelRoasPrior } from './types.ts';

/** The linear part of the model given one setting of every channel's adstock and saturation. */
export interface ConjugatePosterior {
  /** Saturated media column of each channel over all n periods (values in [0, 1)). */
  media: number[][];
  /** Posterior mean of the coefficients: baseline columns, then one per channel. */
  mean: number[];
  /** Cholesky factor of the posterior precision Λₙ (coefficient covariance = σ²·Λₙ⁻¹). */
  precisionFactor: number[][];
  /** σ² ~ Inverse-Gamma(shape, rate). */
  shape: number;
  rate: number;
  /** log p(y | hyperparameters) with the coefficients and σ² integrated out. */
  logMarginal: number;
  /** log P(every channel coefficient ≥ 0 | y, hyperparameters), each marginal taken as normal. */
  logNonNegative: number;
  /**
   * Each channel effect's prior N(mean, σ²/precision) before the truncation at 0: the Gaussian a
   * log-normal effect prior re-weights (decision 178), and whether a lift test set it.
   */
  mediaPrior: { mean: number; precision: number; lift: boolean }[];
}

/**
 * The conjugate linear posterior of a marketing-mix model given every channel's saturated media
 * column (its adstock and saturation already applied), as a function of those columns, fitted on
 * the first `rows` periods. createMmmPosterior builds the columns from the adstock and saturation
 * parameters; the bench's oracle (decisions 129, 151) hands it the true curves' columns.
 *
 * Definition: y = B·γ + Σ_c β_c·Hill(adstock(x_c; α_c)/max x_c; K_c, S_c) + ε, ε ~ N(0, σ²);
 * prior (γ, β) | σ² ~ N(m₀, σ²V₀), σ² ~ IG(a₀, b₀) (normal–inverse-gamma), V₀ diagonal with sd
 * 10 for baseline terms and 1 for channel effects (Jin et al.'s half-normal(0, 1) on the scaled
 * target, the half taken by truncating the posterior at 0), both divided by the residual sd s of
 * the baseline-only fit, so the σ²-scaled prior has those sds; a₀ = 1, b₀ = s². A lift-test ROAS
 * prior r ± sd for a channel sets m₀ = r·Σx/(scale·ΣHill) and its sd the same way.
 * Reference: Bishop (2006) §3.3 / Murphy (2012) §7.6.3 for the normal–inverse-gamma update and
 * the marginal likelihood p(y) = Γ(aₙ)/Γ(a₀)·b₀^a₀/bₙ^aₙ·|V₀|^(−½)|Λₙ|^(−½)(2π)^(−n/2);
 * Jin et al. (2017) for the model and priors.
 * Method: createMmmColumnPosterior's, each call's columns multiplied out afresh.
 */
export function createMmmMediaPosterior(
  design: MmmDesign,
  rows: number,
  priors: readonly (ChannelRoasPrior | undefined)[],
): (media: number[][]) => ConjugatePosterior | null {
  const { column, posterior } = createMmmColumnPosterior(design, rows, priors);
  return (media) => posterior(media.map((m) => column(m)));
}
