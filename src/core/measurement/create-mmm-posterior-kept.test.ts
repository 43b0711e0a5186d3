import { describe, expect, it } from 'vitest';
import { numericalHessian } from '../stats/numerical-hessian.ts';
import { adstockOf } from './adstock-of.ts';
import { buildMmmDesign } from './build-mmm-design.ts';
import { createMmmMediaPosterior } from './create-mmm-media-posterior.ts';
import { createMmmPosterior } from './create-mmm-posterior.ts';
import { createRandom } from './create-random.ts';
import { findMmmMode } from './find-mmm-mode.ts';
import { hyperFromVector } from './hyper-from-vector.ts';
import { hyperLogPrior } from './hyper-log-prior.ts';
import { sampleHyperImportance } from './sample-hyper-importance.ts';
import { sampleMmmPosterior } from './sample-mmm-posterior.ts';
import { saturateColumn } from './saturate-column.ts';
import { saturationOf } from './saturation-of.ts';
import { simulateMmmData } from './simulate-mmm-data.ts';
import type { ChannelHyper } from './types.ts';

const { input } = simulateMmmData(
  {
    start: '2023-01-02',
    periods: 120,
    periodDays: 7,
    baseline: 10_000,
    trend: 0.1,
    seasonality: 0.15,
    noise: 0.02,
    channels: [
      {
        name: 'a',
        decayPerWeek: 0.5,
        halfSaturationShare: 0.5,
        shape: 1.5,
        maxEffect: 4000,
        meanSpend: 2000,
        offShare: 0.1,
      },
      {
        name: 'b',
        decayPerWeek: 0.2,
        halfSaturationShare: 0.4,
        shape: 1,
        maxEffect: 2500,
        meanSpend: 1500,
        offShare: 0.2,
      },
      {
        name: 'c',
        decayPerWeek: 0.7,
        halfSaturationShare: 0.6,
        shape: 2,
        maxEffect: 1500,
        meanSpend: 900,
        offShare: 0,
      },
    ],
  },
  21,
);
const design = buildMmmDesign(input, 3);

/** Each setting's columns made afresh, period by period through saturationOf (the reference). */
function fresh(hyper: readonly ChannelHyper[], rows: number) {
  return createMmmMediaPosterior(design, rows, [undefined, { roas: 1.2, roasSd: 0.4 }, undefined])(
    hyper.map((h, c) =>
      adstockOf(design, design.spend[c]!, h.decayPerWeek).map((x) =>
        saturationOf(x, h.halfSaturationShare * design.maxSpend[c]!, h.shape, h.saturation),
      ),
    ),
  )!;
}

const hill = (d: number, k: number, s: number): ChannelHyper => ({
  decayPerWeek: d,
  halfSaturationShare: k,
  shape: s,
});
const logistic = (d: number, k: number): ChannelHyper => ({
  decayPerWeek: d,
  halfSaturationShare: k,
  shape: 1,
  saturation: 'logistic',
});

describe('the posterior with kept columns (decision 241)', () => {
  it('saturates a column exactly as saturationOf does, value by value, in both families', () => {
    const stock = adstockOf(design, design.spend[0]!, 0.4);
    const logs = stock.map((x) => (x > 0 ? Math.log(x) : 0));
    const k = 0.45 * design.maxSpend[0]!;
    expect(saturateColumn(stock, logs, k, 1.7)).toEqual(stock.map((x) => saturationOf(x, k, 1.7)));
    expect(saturateColumn(stock, null, k, 1.7)).toEqual(stock.map((x) => saturationOf(x, k, 1.7)));
    expect(saturateColumn(stock, null, k, 1, 'logistic')).toEqual(
      stock.map((x) => saturationOf(x, k, 1, 'logistic')),
    );
  });

  it('gives every setting the posterior its columns made afresh give, to the last digit, whatever came before', () => {
    const rows = design.n - 8;
    const posteriorOf = createMmmPosterior(design, rows, [undefined, { roas: 1.2, roasSd: 0.4 }, undefined]);
    const centre = [hill(0.5, 0.5, 1.5), hill(0.2, 0.4, 1), hill(0.7, 0.6, 2)];
    // As the finite differences go: one channel's one parameter moved, two channels moved, back to
    // the centre, a new decay with the old saturation, and the logistic family on the same decays.
    const settings: ChannelHyper[][] = [
      centre,
      [centre[0]!, hill(0.2, 0.41, 1), centre[2]!],
      [centre[0]!, hill(0.2, 0.4, 1.05), centre[2]!],
      [hill(0.52, 0.5, 1.5), centre[1]!, hill(0.7, 0.6, 2.1)],
      centre,
      [hill(0.3, 0.5, 1.5), centre[1]!, centre[2]!],
      [logistic(0.5, 0.5), logistic(0.2, 0.4), logistic(0.7, 0.6)],
      [logistic(0.5, 0.5), logistic(0.2, 0.3), logistic(0.7, 0.6)],
      centre,
    ];
    for (const hyper of settings) {
      const kept = posteriorOf(hyper)!;
      const made = fresh(hyper, rows);
      expect(kept.media).toEqual(made.media);
      expect(kept.mean).toEqual(made.mean);
      expect(kept.precisionFactor).toEqual(made.precisionFactor);
      expect(kept.rate).toBe(made.rate);
      expect(kept.logMarginal).toBe(made.logMarginal);
      expect(kept.logNonNegative).toBe(made.logNonNegative);
      expect(kept.mediaPrior).toEqual(made.mediaPrior);
    }
  });

  it('gives each resampled draw the parameters it was resampled with and their posterior (repeats share one)', () => {
    const priors = [undefined, { roas: 1.2, roasSd: 0.4 }, undefined];
    const { draws } = sampleMmmPosterior(design, design.n, priors, 'importance', 60, createRandom(3), [3, 3]);
    // The same proposals drawn again from the same stream, as sampleMmmPosterior draws them.
    const posteriorOf = createMmmPosterior(design, design.n, priors);
    const logPosterior = (u: number[]) => {
      const post = posteriorOf(hyperFromVector(u));
      return post
        ? post.logMarginal + post.logNonNegative + hyperLogPrior(u, [3, 3])
        : Number.NEGATIVE_INFINITY;
    };
    const mode = findMmmMode((u) => -logPosterior(u), 3);
    const hessian = numericalHessian((u) => {
      const v = -logPosterior(u);
      return Number.isFinite(v) ? v : mode.value + 1e6;
    }, mode.u);
    const us = sampleHyperImportance(logPosterior, mode.u, hessian, 60, createRandom(3)).draws;
    expect(new Set(draws.map((d) => d.posterior)).size).toBeLessThan(draws.length);
    draws.forEach((draw, k) => {
      expect(draw.hyper).toEqual(hyperFromVector(us[k]!));
      const made = fresh(draw.hyper, design.n);
      expect(draw.posterior.media).toEqual(made.media);
      expect(draw.posterior.logMarginal).toBe(made.logMarginal);
    });
  });
});
