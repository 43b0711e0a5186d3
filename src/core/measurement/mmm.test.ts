import { describe, expect, it } from 'vitest';
import { cholesky } from '../stats/cholesky.ts';
import { choleskySolve } from '../stats/cholesky-solve.ts';
import { numericalHessian } from '../stats/numerical-hessian.ts';
import { fitMmm } from './fit-mmm.ts';
import { fourierSeasonality } from './fourier-seasonality.ts';
import { geometricAdstock } from './geometric-adstock.ts';
import { hillSaturation } from './hill-saturation.ts';
import { hyperFromVector } from './hyper-from-vector.ts';
import { type MmmSimulation, simulateMmmData } from './simulate-mmm-data.ts';

const SIM: MmmSimulation = {
  start: '2023-01-02',
  periods: 130,
  periodDays: 7,
  baseline: 10_000,
  trend: 0.1,
  seasonality: 0.15,
  noise: 0.03,
  channels: [
    {
      name: 'meta',
      decayPerWeek: 0.5,
      halfSaturationShare: 0.5,
      shape: 1.5,
      maxEffect: 4000,
      meanSpend: 2000,
      offShare: 0,
    },
    {
      name: 'google',
      decayPerWeek: 0.3,
      halfSaturationShare: 0.4,
      shape: 1,
      maxEffect: 2500,
      meanSpend: 1500,
      offShare: 0.1,
    },
  ],
};

describe('building blocks', () => {
  it('geometric adstock: normalised weights, a constant spend stays constant, window of L periods', () => {
    const out = geometricAdstock([1, 0, 0, 0], 0.5, 3);
    expect(out[0]).toBeCloseTo(1 / 1.75, 12);
    expect(out[1]).toBeCloseTo(0.5 / 1.75, 12);
    expect(out[2]).toBeCloseTo(0.25 / 1.75, 12);
    expect(out[3]).toBeCloseTo(0, 12); // outside the 3-period window
    expect(geometricAdstock([4, 4, 4, 4, 4], 0.7, 2).slice(1)).toEqual(
      [4, 4, 4, 4].map((v) => expect.closeTo(v, 12)),
    );
    expect(geometricAdstock([2, 3], 0, 5)).toEqual([2, 3]);
    expect(() => geometricAdstock([1], 1, 3)).toThrow(RangeError);
  });

  it('Hill: ½ at the half-saturation point, 0 at 0, S-shaped for S > 1', () => {
    expect(hillSaturation(2, 2, 1)).toBe(0.5);
    expect(hillSaturation(0, 2, 3)).toBe(0);
    expect(hillSaturation(1, 2, 1)).toBeCloseTo(1 / 3, 12);
    expect(hillSaturation(1, 2, 2)).toBeCloseTo(1 / 5, 12);
  });

  it('Fourier columns, transforms and linear algebra', () => {
    const [sin, cos] = fourierSeasonality([0, 365.25 / 4], 1);
    expect(sin![0]).toBe(0);
    expect(sin![1]).toBeCloseTo(1, 12);
    expect(cos![0]).toBe(1);
    expect(hyperFromVector([0, 0, 0])).toEqual([{ decayPerWeek: 0.5, halfSaturationShare: 0.5, shape: 1 }]);
    const l = cholesky([
      [4, 2],
      [2, 2],
    ])!;
    expect(l).toEqual([
      [2, 0],
      [1, 1],
    ]);
    expect(choleskySolve(l, [8, 6])).toEqual([1, 2].map((v) => expect.closeTo(v, 12)));
    expect(cholesky([[0]])).toBeNull();
    const h = numericalHessian(([a, b]) => a! * a! + 3 * a! * b!, [1, 1]);
    expect(h[0]![0]).toBeCloseTo(2, 5);
    expect(h[0]![1]).toBeCloseTo(3, 5);
    expect(h[1]![1]).toBeCloseTo(0, 5);
  });
});

describe('fitMmm on data simulated with known parameters', () => {
  const { input, truth } = simulateMmmData(SIM, 7);
  const result = fitMmm(input, { seed: 7, draws: 300 });

  it('recovers each channel: true ROAS inside the 90 % interval, share close to the truth', () => {
    expect(result.status).toBe('fitted');
    if (result.status !== 'fitted') return;
    for (const [i, channel] of result.channels.entries()) {
      const t = truth[i]!;
      expect(channel.name).toBe(t.name);
      expect(channel.roas.low).toBeLessThanOrEqual(t.roas);
      expect(channel.roas.high).toBeGreaterThanOrEqual(t.roas);
      expect(Math.abs(channel.contributionShare.mean - t.share)).toBeLessThan(0.1);
      expect(channel.marginalRoas.mean).toBeLessThan(channel.roas.mean); // saturating curves
      expect(channel.contribution.mean).toBeCloseTo(channel.roas.mean * channel.spend, 6);
    }
    expect(result.channels.reduce((s, c) => s + c.contributionShare.mean, 0)).toBeCloseTo(1, 9);
  });

  it('reports its checks: high R², low in- and out-of-sample MAPE, about 90 % predictive coverage', () => {
    if (result.status !== 'fitted') throw new Error('not fitted');
    expect(result.fit.r2).toBeGreaterThan(0.7);
    expect(result.fit.mape).toBeLessThan(0.05);
    expect(result.fit.outOfSampleMape).not.toBeNull();
    expect(result.fit.outOfSampleMape!).toBeLessThan(0.08);
    expect(result.fit.holdoutPeriods).toBe(8);
    expect(result.fit.coverage90).toBeGreaterThan(0.8);
    expect(result.fit.coverage90).toBeLessThan(0.99);
    const period = result.periods[50]!;
    expect(period.fitted).toBeCloseTo(period.baseline + period.channels.reduce((a, b) => a + b, 0), 6);
  });

  it('a lift-test ROAS prior pulls the channel to the measured value and narrows it', () => {
    if (result.status !== 'fitted') throw new Error('not fitted');
    const meta = result.channels[0]!;
    const calibrated = fitMmm(
      { ...input, roasPriors: { meta: { roas: truth[0]!.roas, roasSd: 0.05 } } },
      { seed: 7, draws: 200, holdoutPeriods: 0 },
    );
    if (calibrated.status !== 'fitted') throw new Error('not fitted');
    const after = calibrated.channels[0]!;
    expect(after.roas.high - after.roas.low).toBeLessThan(meta.roas.high - meta.roas.low);
    expect(Math.abs(after.roas.mean - truth[0]!.roas)).toBeLessThan(0.1);
    expect(calibrated.fit.outOfSampleMape).toBeNull();
  });
});

describe('fitMmm says "too thin to say" instead of a confident number', () => {
  const { input } = simulateMmmData(SIM, 3);
  it('fewer than 20 weeks', () => {
    const short = simulateMmmData({ ...SIM, periods: 18 }, 3).input;
    const result = fitMmm(short);
    expect(result.status).toBe('too_thin');
    if (result.status === 'too_thin') expect(result.reasons[0]).toMatch(/only 18 weeks/);
  });
  it('a channel whose spend never moved, all-constant spend, twin channels', () => {
    const constant = fitMmm({
      ...input,
      channels: [input.channels[0]!, { name: 'tv', spend: input.dates.map(() => 500) }],
    });
    expect(constant).toEqual({ status: 'too_thin', reasons: [expect.stringMatching(/'tv' never moved/)] });
    const allConstant = fitMmm({
      ...input,
      channels: input.channels.map((c) => ({ name: c.name, spend: c.spend.map(() => 100) })),
    });
    expect(allConstant.status === 'too_thin' && allConstant.reasons.length).toBe(2);
    const twins = fitMmm({
      ...input,
      channels: [input.channels[0]!, { name: 'copy', spend: input.channels[0]!.spend.map((v) => v * 2) }],
    });
    expect(twins.status === 'too_thin' && twins.reasons[0]).toMatch(/moved together/);
  });
  it('negative or non-finite spend and uneven dates are errors naming the channel and date', () => {
    const bad = input.channels[0]!.spend.map((v, t) => (t === 5 ? -1 : v));
    expect(() => fitMmm({ ...input, channels: [{ name: 'meta', spend: bad }] })).toThrow(
      `'meta' must be a non-negative number, got -1 on ${input.dates[5]}`,
    );
    expect(() =>
      fitMmm({ ...input, dates: input.dates.map((d, t) => (t === 3 ? '2023-01-25' : d)) }),
    ).toThrow(/evenly spaced/);
  });
});

describe("fitMmm's Weibull option", () => {
  it('fits with the delayed adstock and says so in each channel', () => {
    const { input } = simulateMmmData({ ...SIM, periods: 104 }, 3);
    const result = fitMmm(input, { draws: 60, holdoutPeriods: 0, adstock: 'weibull' });
    expect(result.status).toBe('fitted');
    if (result.status !== 'fitted') return;
    for (const channel of result.channels) {
      expect(channel.adstock.type).toBe('weibull');
      expect(channel.adstock.weibullShape).toBe(2);
      expect(channel.adstock.weibullScale).toBeGreaterThan(0);
      expect(channel.roas.low).toBeLessThanOrEqual(channel.roas.high);
    }
    expect(result.fit.r2).toBeGreaterThan(0.5);
  });
});
