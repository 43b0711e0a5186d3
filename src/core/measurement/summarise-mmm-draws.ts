import { quantileType7 } from '../stats/quantile-type7.ts';
import { WEIBULL_SHAPE, weibullScaleOf } from './adstock-of.ts';
import type { MmmDesign } from './build-mmm-design.ts';
import type { RandomStream } from './create-random.ts';
import { posteriorInterval } from './posterior-interval.ts';
import type { MmmDraw } from './sample-mmm-posterior.ts';
import type { ChannelHyper, Interval, MmmChannelResult, MmmPeriod } from './types.ts';

/**
 * What the posterior draws of a fitted marketing-mix model say per channel and per period, and how
 * well the model fits.
 *
 * Definition (per draw, over the n fitted periods, in target units): contribution_c = Σₜ β_c·
 * Hill_c(t)·scale; share_c = contribution_c / Σ paid contributions; ROAS_c = contribution_c / Σₜ
 * spend_c; marginal ROAS_c = d contribution_c / d(spend scaled by λ) at λ = 1 divided by Σ spend,
 * = β_c·scale·Σₜ x·h′(x) / Σ spend (adstock is linear in spend), where x·h′(x) = S·h(1 − h) for
 * Hill and atanh(h)·(1 − h²) for the logistic family (h = tanh(λx/2), decision 234); the draws
 * may mix the two families (fitMmm pools them by evidence). Each is reported as the
 * posterior mean with the 5 % and 95 % quantiles (a 90 % credible interval). R² and MAPE compare
 * the posterior-mean fit with the actuals; coverage90 is the share of actuals inside the 5–95 %
 * quantiles of the posterior predictive μₜ + σ·z.
 * Reference: Jin et al. (2017) §4 (ROAS and marginal ROAS from the posterior); Gelman et al.,
 * Bayesian Data Analysis, 3rd ed., §6.3 (posterior predictive checks).
 */
export function summariseMmmDraws(
  design: MmmDesign,
  dates: readonly string[],
  names: readonly string[],
  draws: readonly MmmDraw[],
  mode: readonly ChannelHyper[],
  random: RandomStream,
): {
  channels: MmmChannelResult[];
  baseline: Interval;
  periods: MmmPeriod[];
  r2: number;
  mape: number;
  coverage90: number;
} {
  const { n, scale } = design;
  const nb = design.base.length;
  const nc = names.length;
  const spendSums = design.spend.map((s) => s.reduce((a, b) => a + b, 0));
  const recent = Math.min(n, Math.round(91 / design.periodDays));
  const contributions = names.map(() => [] as number[]);
  const shares = names.map(() => [] as number[]);
  const roas = names.map(() => [] as number[]);
  const marginal = names.map(() => [] as number[]);
  const baselineTotals: number[] = [];
  const fitted = new Array<number>(n).fill(0);
  const baselineMean = new Array<number>(n).fill(0);
  const channelMean = names.map(() => new Array<number>(n).fill(0));
  const predictive: Float64Array[] = Array.from({ length: n }, () => new Float64Array(draws.length));
  draws.forEach((draw, d) => {
    const beta = draw.coefficients;
    let baseTotal = 0;
    const totals = new Array<number>(nc).fill(0);
    for (let t = 0; t < n; t += 1) {
      let base = 0;
      for (let j = 0; j < nb; j += 1) base += design.base[j]![t]! * beta[j]!;
      let mu = base;
      for (let c = 0; c < nc; c += 1) {
        const value = beta[nb + c]! * draw.posterior.media[c]![t]! * scale;
        totals[c]! += value;
        channelMean[c]![t]! += value / draws.length;
        mu += value / scale;
      }
      baseTotal += base * scale;
      baselineMean[t]! += (base * scale) / draws.length;
      fitted[t]! += (mu * scale) / draws.length;
      predictive[t]![d] = (mu + draw.sigma * random.normal()) * scale;
    }
    baselineTotals.push(baseTotal);
    const paid = totals.reduce((a, b) => a + b, 0);
    for (let c = 0; c < nc; c += 1) {
      contributions[c]!.push(totals[c]!);
      shares[c]!.push(paid > 0 ? totals[c]! / paid : 1 / nc);
      roas[c]!.push(totals[c]! / spendSums[c]!);
      const { shape, saturation } = draw.hyper[c]!;
      const slope = draw.posterior.media[c]!.reduce(
        // Logistic: x·h′ → 0 as h → 1 (atanh(1)·0 would be NaN).
        (s, h) =>
          s + (saturation !== 'logistic' ? shape * h * (1 - h) : h < 1 ? Math.atanh(h) * (1 - h * h) : 0),
        0,
      );
      marginal[c]!.push((beta[nb + c]! * scale * slope) / spendSums[c]!);
    }
  });
  const channels: MmmChannelResult[] = names.map((name, c) => {
    const hyper = mode[c]!;
    const decayPerPeriod = hyper.decayPerWeek ** (design.periodDays / 7);
    return {
      name,
      spend: spendSums[c]!,
      contribution: posteriorInterval(contributions[c]!),
      contributionShare: posteriorInterval(shares[c]!),
      roas: posteriorInterval(roas[c]!),
      marginalRoas: posteriorInterval(marginal[c]!),
      adstock: {
        type: design.adstock,
        decayPerPeriod,
        decayPerWeek: hyper.decayPerWeek,
        maxLag: design.maxLag,
        ...(design.adstock === 'weibull'
          ? { weibullShape: WEIBULL_SHAPE, weibullScale: weibullScaleOf(decayPerPeriod) }
          : {}),
      },
      saturation:
        hyper.saturation === 'logistic'
          ? {
              type: 'logistic',
              halfSaturation: hyper.halfSaturationShare * design.maxSpend[c]!,
              lambda: Math.log(3) / hyper.halfSaturationShare,
            }
          : {
              type: 'hill',
              halfSaturation: hyper.halfSaturationShare * design.maxSpend[c]!,
              shape: hyper.shape,
            },
      currentSpendPerPeriod: design.spend[c]!.slice(n - recent).reduce((a, b) => a + b, 0) / recent,
      maxSpendPerPeriod: design.maxSpend[c]!,
      curve: draws.map((draw) => ({
        maxEffect: draw.coefficients[nb + c]! * scale,
        halfSaturation: draw.hyper[c]!.halfSaturationShare * design.maxSpend[c]!,
        shape: draw.hyper[c]!.shape,
        ...(draw.hyper[c]!.saturation === 'logistic' ? { saturation: 'logistic' as const } : {}),
      })),
    };
  });
  const actual = design.y.map((v) => v * scale);
  const meanActual = actual.reduce((a, b) => a + b, 0) / n;
  let ssRes = 0;
  let ssTot = 0;
  let apeSum = 0;
  let apeCount = 0;
  let covered = 0;
  const periods: MmmPeriod[] = [];
  for (let t = 0; t < n; t += 1) {
    ssRes += (actual[t]! - fitted[t]!) ** 2;
    ssTot += (actual[t]! - meanActual) ** 2;
    if (actual[t]! !== 0) {
      apeSum += Math.abs((actual[t]! - fitted[t]!) / actual[t]!);
      apeCount += 1;
    }
    const sorted = [...predictive[t]!].sort((a, b) => a - b);
    if (actual[t]! >= quantileType7(sorted, 0.05) && actual[t]! <= quantileType7(sorted, 0.95)) covered += 1;
    periods.push({
      date: dates[t]!,
      actual: actual[t]!,
      fitted: fitted[t]!,
      baseline: baselineMean[t]!,
      channels: channelMean.map((m) => m[t]!),
    });
  }
  return {
    channels,
    baseline: posteriorInterval(baselineTotals),
    periods,
    r2: ssTot > 0 ? 1 - ssRes / ssTot : 0,
    mape: apeCount > 0 ? apeSum / apeCount : 0,
    coverage90: covered / n,
  };
}
