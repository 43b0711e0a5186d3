import { describe, expect, it } from 'vitest';
import { fitMmm } from './fit-mmm.ts';
import { geometricAdstock } from './geometric-adstock.ts';
import { logisticSaturation } from './logistic-saturation.ts';
import { saturationOf } from './saturation-of.ts';
import { simulateMmmData } from './simulate-mmm-data.ts';
import type { MmmInput } from './types.ts';
import { weeklyStoreSimulation } from './weekly-store-simulation.ts';

const FIT = {
  seed: 1,
  draws: 200,
  holdoutPeriods: 0,
  decayPrior: [3, 3] as const,
  saturation: 'data' as const,
};
const logisticProbability = (input: MmmInput) => {
  const result = fitMmm(input, FIT);
  if (result.status !== 'fitted') throw new Error('not fitted');
  return { result, p: result.saturation.candidates.find((c) => c.family === 'logistic')!.probability };
};

/**
 * 104 weeks of the test store with two channels (spend patterns of simulateMmmData), their effect
 * planted through pymc-marketing's logistic saturation (λ on max-scaled adstocked spend) instead of Hill.
 */
function logisticStore(lambdas: readonly number[], maxEffects: readonly number[]): MmmInput {
  const channels = lambdas.map((_, c) => ({
    name: `c${c}`,
    decayPerWeek: 0.3,
    halfSaturationShare: 0.5,
    shape: 1,
    maxEffect: 0,
    meanSpend: 4000 - 1000 * c,
    offShare: 0.1 * c,
  }));
  const { input } = simulateMmmData(weeklyStoreSimulation(channels, { periods: 104 }), 11);
  const target = [...input.target];
  input.channels.forEach((channel, c) => {
    const max = Math.max(...channel.spend);
    geometricAdstock(channel.spend, 0.3, 13).forEach((x, t) => {
      target[t]! += maxEffects[c]! * logisticSaturation(x / max, lambdas[c]!);
    });
  });
  return { ...input, target };
}

describe('logistic saturation (decision 234)', () => {
  it("is pymc-marketing's (1 − e^(−λx)) / (1 + e^(−λx)), half at ln 3 / λ, 0 at no spend", () => {
    for (const [x, lambda] of [
      [0.5, 4],
      [0.1, 3],
      [2, 0.7],
      [30, 2],
    ] as const)
      expect(logisticSaturation(x, lambda)).toBeCloseTo(
        (1 - Math.exp(-lambda * x)) / (1 + Math.exp(-lambda * x)),
        12,
      );
    expect(logisticSaturation(0.5, 4)).toBeCloseTo(0.761594, 6);
    expect(logisticSaturation(Math.log(3) / 4, 4)).toBeCloseTo(0.5, 12);
    expect(logisticSaturation(0, 4)).toBe(0);
    expect(logisticSaturation(-1, 4)).toBe(0);
    // saturationOf reads the logistic by its half-saturation spend K, as the curves and planner do.
    expect(saturationOf(1200, 1200, 9, 'logistic')).toBeCloseTo(0.5, 12);
    expect(saturationOf(600, 1200, 9, 'logistic')).toBeCloseTo(logisticSaturation(0.5, Math.log(3)), 12);
    expect(saturationOf(600, 1200, 2)).toBeCloseTo(0.2, 12);
  });

  it('a store whose channels saturate logistically: the data weigh the logistic family, and the fit says so', () => {
    const { result, p } = logisticProbability(logisticStore([4, 3], [9000, 6000]));
    expect(p).toBeGreaterThan(0.8);
    expect(result.saturation.family).toBe('logistic');
    expect(result.saturation.source).toBe('named');
    expect(result.saturation.summary).toMatch(/logistic curve .* chosen by the data/);
    for (const c of result.channels) {
      expect(c.saturation.type).toBe('logistic');
      expect(c.curve.some((d) => d.saturation === 'logistic')).toBe(true);
    }
  });

  it('a store with S-shaped Hill curves keeps Hill', () => {
    const sim = weeklyStoreSimulation(
      [
        {
          name: 'a',
          decayPerWeek: 0.3,
          halfSaturationShare: 0.6,
          shape: 3,
          maxEffect: 9000,
          meanSpend: 4000,
          offShare: 0,
        },
        {
          name: 'b',
          decayPerWeek: 0.2,
          halfSaturationShare: 0.5,
          shape: 2.5,
          maxEffect: 6000,
          meanSpend: 3000,
          offShare: 0.1,
        },
      ],
      { periods: 104 },
    );
    const { result, p } = logisticProbability(simulateMmmData(sim, 11).input);
    expect(p).toBeLessThan(0.2);
    expect(result.saturation.family).toBe('hill');
    for (const c of result.channels) expect(c.saturation.type).toBe('hill');
  });

  it('by default the fit is Hill alone and says so; comparing needs the importance method', () => {
    const input = logisticStore([4, 3], [9000, 6000]);
    const byDefault = fitMmm(input, { ...FIT, saturation: undefined });
    if (byDefault.status !== 'fitted') throw new Error('not fitted');
    expect(byDefault.saturation).toMatchObject({ source: 'default', family: 'hill' });
    expect(byDefault.saturation.candidates).toEqual([{ family: 'hill', probability: 1 }]);
    expect(byDefault.saturation.summary).toMatch(/Hill curve .* default/);
    expect(() => fitMmm(input, { ...FIT, method: 'laplace' })).toThrow(/importance/);
  });
});
