import { cholesky } from '../stats/cholesky.ts';
import { choleskySolve } from '../stats/cholesky-solve.ts';
import { logGamma } from '../stats/log-gamma.ts';
import { normalCdf } from '../stats/normal-cdf.ts';
import type { MmmDesign } from './build-mmm-design.ts';
import type { ChannelRoasPrior } from './types.ts';

/** Prior sd of a baseline coefficient and of a channel's effect at saturation, in target-mean units. */
const BASE_PRIOR_SD = 10;
const MEDIA_PRIOR_SD = 1;

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
 * Method: the baseline Gram matrix is computed once; each call adds only the media columns,
 * O(n·p·C) plus a p³ Cholesky.
 */
export function createMmmMediaPosterior(
  design: MmmDesign,
  rows: number,
  priors: readonly (ChannelRoasPrior | undefined)[],
): (media: number[][]) => ConjugatePosterior | null {
  const nb = design.base.length;
  const nc = design.spend.length;
  const p = nb + nc;
  const y = design.y.slice(0, rows);
  const base = design.base.map((col) => col.slice(0, rows));
  const dot = (a: readonly number[], b: readonly number[]) => {
    let s = 0;
    for (let t = 0; t < rows; t += 1) s += a[t]! * b[t]!;
    return s;
  };
  const baseGram = base.map((a) => base.map((b) => dot(a, b)));
  const baseY = base.map((a) => dot(a, y));
  const yy = dot(y, y);
  // Residual variance of the baseline-only least-squares fit: the scale of the σ²-scaled prior.
  const ridge = baseGram.map((row, i) => row.map((v, j) => v + (i === j ? 1e-8 * rows : 0)));
  const baseFactor = cholesky(ridge);
  const baseCoef = baseFactor ? choleskySolve(baseFactor, baseY) : new Array<number>(nb).fill(0);
  const residual = Math.max(yy - baseCoef.reduce((s, c, i) => s + c * baseY[i]!, 0), 1e-6 * yy);
  const s2 = residual / Math.max(rows - nb, 1);
  const shape0 = 1;
  const rate0 = s2;
  const spendSums = design.spend.map((s) => s.slice(0, rows).reduce((a, b) => a + b, 0));

  return (media) => {
    const cols = [...base, ...media.map((m) => m.slice(0, rows))];
    const precision: number[][] = Array.from({ length: p }, () => new Array<number>(p).fill(0));
    const xy = new Array<number>(p);
    const priorMean = new Array<number>(p).fill(0);
    const priorPrecision = new Array<number>(p);
    for (let i = 0; i < p; i += 1) {
      xy[i] = i < nb ? baseY[i]! : dot(cols[i]!, y);
      for (let j = 0; j <= i; j += 1) {
        const v = i < nb ? baseGram[i]![j]! : dot(cols[i]!, cols[j]!);
        precision[i]![j] = v;
        precision[j]![i] = v;
      }
      let sd = i < nb ? BASE_PRIOR_SD : MEDIA_PRIOR_SD;
      const prior = i < nb ? undefined : priors[i - nb];
      if (prior) {
        const hillSum = cols[i]!.reduce((a, b) => a + b, 0);
        if (hillSum <= 0) return null;
        const perRoas = spendSums[i - nb]! / (design.scale * hillSum);
        priorMean[i] = prior.roas * perRoas;
        sd = prior.roasSd * perRoas;
      }
      priorPrecision[i] = s2 / (sd * sd);
    }
    let logDetPrior = 0;
    let priorQuad = 0;
    const rhs = xy.map((v, i) => v + priorPrecision[i]! * priorMean[i]!);
    for (let i = 0; i < p; i += 1) {
      precision[i]![i]! += priorPrecision[i]!;
      logDetPrior += Math.log(priorPrecision[i]!);
      priorQuad += priorPrecision[i]! * priorMean[i]! ** 2;
    }
    const factor = cholesky(precision);
    if (!factor) return null;
    const mean = choleskySolve(factor, rhs);
    const shape = shape0 + rows / 2;
    const rate = rate0 + 0.5 * (yy + priorQuad - mean.reduce((s, m, i) => s + m * rhs[i]!, 0));
    if (!(rate > 0)) return null;
    let logDetPost = 0;
    for (let i = 0; i < p; i += 1) logDetPost += 2 * Math.log(factor[i]![i]!);
    const logMarginal =
      -0.5 * rows * Math.log(2 * Math.PI) +
      0.5 * (logDetPrior - logDetPost) +
      shape0 * Math.log(rate0) -
      shape * Math.log(rate) +
      logGamma(shape) -
      logGamma(shape0);
    let logNonNegative = 0;
    const sigma2 = rate / shape;
    for (let c = 0; c < nc; c += 1) {
      const unit = new Array<number>(p).fill(0);
      unit[nb + c] = 1;
      const variance = choleskySolve(factor, unit)[nb + c]! * sigma2;
      logNonNegative += Math.log(Math.max(normalCdf(mean[nb + c]! / Math.sqrt(variance)), 1e-300));
    }
    const mediaPrior = media.map((_, c) => ({
      mean: priorMean[nb + c]!,
      precision: priorPrecision[nb + c]!,
      lift: priors[c] !== undefined,
    }));
    return { media, mean, precisionFactor: factor, shape, rate, logMarginal, logNonNegative, mediaPrior };
  };
}
