import { adstockOf } from './adstock-of.ts';
import type { MmmDesign } from './build-mmm-design.ts';
import { type ConjugatePosterior, createMmmMediaPosterior } from './create-mmm-media-posterior.ts';
import { saturationOf } from './saturation-of.ts';
import type { ChannelHyper, ChannelRoasPrior } from './types.ts';

/**
 * The conjugate linear posterior of a marketing-mix model given the non-linear (adstock and
 * saturation) parameters, as a function of them, fitted on the first `rows` periods.
 *
 * Definition: channel c's media column is Hill(adstock(x_c; α_c); K_c·max x_c, S_c), or the
 * logistic saturation with the same half point when the hyperparameters are logistic (adstockOf,
 * saturationOf; decision 234); the rest is createMmmMediaPosterior's normal–inverse-gamma update.
 * Reference: Jin et al. (2017) eq. (1)–(3).
 */
export function createMmmPosterior(
  design: MmmDesign,
  rows: number,
  priors: readonly (ChannelRoasPrior | undefined)[],
): (hyper: readonly ChannelHyper[]) => ConjugatePosterior | null {
  const posteriorOf = createMmmMediaPosterior(design, rows, priors);
  return (hyper) =>
    posteriorOf(
      hyper.map((h, c) => {
        const stock = adstockOf(design, design.spend[c]!, h.decayPerWeek);
        const k = h.halfSaturationShare * design.maxSpend[c]!;
        return stock.map((x) => saturationOf(x, k, h.shape, h.saturation));
      }),
    );
}
