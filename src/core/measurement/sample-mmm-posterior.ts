import { numericalHessian } from '../stats/numerical-hessian.ts';
import type { MmmDesign } from './build-mmm-design.ts';
import type { ConjugatePosterior } from './conjugate-posterior.ts';
import { createMmmPosterior } from './create-mmm-posterior.ts';
import type { RandomStream } from './create-random.ts';
import { drawMmmCoefficients } from './draw-mmm-coefficients.ts';
import { findMmmMode } from './find-mmm-mode.ts';
import { hyperFromVector } from './hyper-from-vector.ts';
import { hyperLogPrior } from './hyper-log-prior.ts';
import { reweightToRoasPrior } from './reweight-to-roas-prior.ts';
import { sampleHyperImportance } from './sample-hyper-importance.ts';
import { sampleHyperLaplace } from './sample-hyper-laplace.ts';
import { sampleHyperMetropolis } from './sample-hyper-metropolis.ts';
import type {
  ChannelHyper,
  ChannelRoasPrior,
  MmmMethod,
  RoasHierarchicalPrior,
  RoasLogNormalPrior,
} from './types.ts';

/** Conditional draws per u-draw re-weighted to a log-normal ROAS prior (decision 178). */
const PROPOSALS_PER_DRAW = 4;

/** One joint posterior draw of a marketing-mix model. */
export interface MmmDraw {
  hyper: ChannelHyper[];
  posterior: ConjugatePosterior;
  coefficients: number[];
  sigma: number;
}

/**
 * Posterior draws of a marketing-mix model fitted on the first `rows` periods, with the saturation
 * family `design.saturation` (decision 234).
 *
 * Definition: p(u, γ, β, σ² | y) = p(u | y)·p(σ² | u, y)·p(γ, β | σ², u, y) with u the adstock and
 * saturation parameters; p(u | y) ∝ p(y | u)·P(β ≥ 0 | u, y)·p(u) (the conjugate marginal
 * likelihood, the half-normal truncation and Jin et al.'s priors), the other two factors exact.
 * Reference: decision 096; Tierney & Kadane (1986) for the Laplace step, Roberts, Gelman & Gilks
 * (1997) for the Metropolis alternative, Jin et al. (2017) for the model.
 * Method: the mode of p(u | y) by grid + BFGS, the Hessian there by central differences; then
 * u-draws from the Laplace normal ('laplace'), from a Student-t around the mode re-weighted by the
 * exact collapsed posterior and resampled ('importance', decision 129) or from a random-walk
 * Metropolis chain tuned by that Hessian ('metropolis'); each u-draw gets one exact conditional draw of σ² and the coefficients.
 * Draws whose u makes the linear system singular are redrawn from the mode. With `effectPrior`
 * (decision 178) each u-draw gets 4 conditional draws and reweightToRoasPrior resamples `draws`
 * of them under the log-normal ROAS prior, or under the channels' shared hierarchical one (decision 184).
 */
export function sampleMmmPosterior(
  design: MmmDesign,
  rows: number,
  priors: readonly (ChannelRoasPrior | undefined)[],
  method: MmmMethod,
  draws: number,
  random: RandomStream,
  decayPrior?: readonly [number, number],
  effectPrior?: RoasLogNormalPrior | RoasHierarchicalPrior,
): { draws: MmmDraw[]; mode: ChannelHyper[]; logEvidence: number } {
  const posteriorOf = createMmmPosterior(design, rows, priors);
  const family = design.saturation;
  const logPosterior = (u: number[]) => {
    const post = posteriorOf(hyperFromVector(u, family));
    return post
      ? post.logMarginal + post.logNonNegative + hyperLogPrior(u, decayPrior, family)
      : Number.NEGATIVE_INFINITY;
  };
  const channels = design.spend.length;
  const mode = findMmmMode((u) => -logPosterior(u), channels, family);
  const hessian = numericalHessian((u) => {
    const v = -logPosterior(u);
    return Number.isFinite(v) ? v : mode.value + 1e6;
  }, mode.u);
  const importance =
    method === 'importance' ? sampleHyperImportance(logPosterior, mode.u, hessian, draws, random) : null;
  const us =
    method === 'laplace'
      ? sampleHyperLaplace(mode.u, hessian, draws, random)
      : importance
        ? importance.draws
        : sampleHyperMetropolis(logPosterior, mode.u, hessian, draws, random).draws;
  const modeHyper = hyperFromVector(mode.u, family);
  const modePosterior = posteriorOf(modeHyper);
  if (!modePosterior) throw new RangeError('the model is singular at its mode');
  const perDraw = effectPrior ? PROPOSALS_PER_DRAW : 1;
  // Resampling repeats proposals: a repeated u has the posterior its first copy got (decision 241).
  const seen = new Map<string, { hyper: ChannelHyper[]; posterior: ConjugatePosterior | null }>();
  const out: MmmDraw[] = us.flatMap((u) => {
    const key = u.join(',');
    let known = seen.get(key);
    if (!known) {
      const proposed = hyperFromVector(u, family);
      known = { hyper: proposed, posterior: posteriorOf(proposed) };
      seen.set(key, known);
    }
    let hyper = known.hyper;
    let posterior = known.posterior;
    if (!posterior) {
      hyper = modeHyper;
      posterior = modePosterior;
    }
    const conditional = posterior;
    return Array.from({ length: perDraw }, () => {
      const { coefficients, sigma } = drawMmmCoefficients(conditional, design.base.length, random);
      return { hyper, posterior: conditional, coefficients, sigma };
    });
  });
  return {
    draws: effectPrior ? reweightToRoasPrior(out, design, rows, effectPrior, draws, random) : out,
    mode: modeHyper,
    logEvidence: importance?.logEvidence ?? Number.NaN,
  };
}
