import { cholesky } from '../stats/cholesky.ts';
import { choleskySolve } from '../stats/cholesky-solve.ts';
import { logGamma } from '../stats/log-gamma.ts';
import { normalCdf } from '../stats/normal-cdf.ts';
import type { MmmDesign } from './build-mmm-design.ts';
import type { ConjugatePosterior } from './conjugate-posterior.ts';
import { type MmmMediaColumn, mediaCrossDot, mmmMediaColumn } from './mmm-media-column.ts';
import type { ChannelRoasPrior } from './types.ts';

/** Prior sd of a baseline coefficient and of a channel's effect at saturation, in target-mean units. */
const BASE_PRIOR_SD = 10;
const MEDIA_PRIOR_SD = 1;

/**
 * createMmmMediaPosterior's conjugate update, on media columns whose sums against the baseline,
 * the target and each other are kept with them (MmmMediaColumn), so a caller that evaluates many
 * settings differing in one or two channels (finite differences, decision 241) multiplies out only
 * the columns that changed.
 *
 * Definition: as createMmmMediaPosterior (normal–inverse-gamma update of the linear part given the
 * media columns, on the first `rows` periods); `column(values)` makes a column for `posterior`.
 * Reference: Bishop (2006) §3.3 / Murphy (2012) §7.6.3; Jin et al. (2017) for the model and priors.
 * Method: the baseline Gram matrix once; per column its inner products with the baseline and the
 * target once, per pair of columns theirs once (mediaCrossDot); then a p³ Cholesky per call. Every
 * inner product is summed in period order, as before this split, so the posterior is the same to
 * the last digit.
 */
export function createMmmColumnPosterior(
  design: MmmDesign,
  rows: number,
  priors: readonly (ChannelRoasPrior | undefined)[],
): {
  column: (values: number[]) => MmmMediaColumn;
  posterior: (columns: readonly MmmMediaColumn[]) => ConjugatePosterior | null;
} {
  const nb = design.base.length;
  const nc = design.spend.length;
  const p = nb + nc;
  const y = design.y;
  const base = design.base;
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

  const posterior = (columns: readonly MmmMediaColumn[]): ConjugatePosterior | null => {
    const precision: number[][] = Array.from({ length: p }, () => new Array<number>(p).fill(0));
    const xy = new Array<number>(p);
    const priorMean = new Array<number>(p).fill(0);
    const priorPrecision = new Array<number>(p);
    for (let i = 0; i < p; i += 1) {
      const col = i < nb ? undefined : columns[i - nb]!;
      xy[i] = col ? col.yDot : baseY[i]!;
      for (let j = 0; j <= i; j += 1) {
        const v = !col
          ? baseGram[i]![j]!
          : j < nb
            ? col.baseDots[j]!
            : mediaCrossDot(col, columns[j - nb]!, rows);
        precision[i]![j] = v;
        precision[j]![i] = v;
      }
      let sd = col ? MEDIA_PRIOR_SD : BASE_PRIOR_SD;
      const prior = col ? priors[i - nb] : undefined;
      if (col && prior) {
        if (col.sum <= 0) return null;
        const perRoas = spendSums[i - nb]! / (design.scale * col.sum);
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
    const mediaPrior = columns.map((_, c) => ({
      mean: priorMean[nb + c]!,
      precision: priorPrecision[nb + c]!,
      lift: priors[c] !== undefined,
    }));
    const media = columns.map((c) => c.values);
    return { media, mean, precisionFactor: factor, shape, rate, logMarginal, logNonNegative, mediaPrior };
  };
  // Columns are numbered per posterior: only columns of one posterior meet in a cross product.
  let made = 0;
  const column = (values: number[]) => {
    made += 1;
    return mmmMediaColumn(values, base, y, rows, made);
  };
  return { column, posterior };
}
