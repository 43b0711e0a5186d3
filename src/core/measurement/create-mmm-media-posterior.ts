import type { MmmDesign } from './build-mmm-design.ts';
import type { ConjugatePosterior } from './conjugate-posterior.ts';
import { createMmmColumnPosterior } from './create-mmm-column-posterior.ts';
import type { ChannelRoasPrior } from './types.ts';

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
