import type { MmmDesign } from './build-mmm-design.ts';
import { geometricAdstock } from './geometric-adstock.ts';
import { weibullAdstock } from './weibull-adstock.ts';

/** The Weibull adstock's shape: 2 puts the peak of a flight's effect about 0.7 λ after it. */
export const WEIBULL_SHAPE = 2;

/** The Weibull scale, in periods, that a geometric decay per period maps to (exact at shape 1). */
export const weibullScaleOf = (decayPerPeriod: number) =>
  -1 / Math.log(Math.min(Math.max(decayPerPeriod, 1e-9), 1 - 1e-12));

/**
 * One channel's adstocked spend under the model's carry-over: geometric with the draw's decay, or
 * Weibull (shape 2) whose scale is the decay's e-folding time λ = −1/ln α, so one prior on the decay
 * per week serves both and the Weibull's shape-1 case is the geometric one (weibullAdstock).
 * Reference: Jin et al. (2017) eq. (1)–(2); Robyn's geometric and Weibull adstocks.
 */
export function adstockOf(design: MmmDesign, spend: readonly number[], decayPerWeek: number): number[] {
  const decay = decayPerWeek ** (design.periodDays / 7);
  return design.adstock === 'weibull'
    ? weibullAdstock(spend, WEIBULL_SHAPE, weibullScaleOf(decay), design.maxLag)
    : geometricAdstock(spend, decay, design.maxLag);
}
