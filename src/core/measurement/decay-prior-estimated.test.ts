import { describe, expect, it } from 'vitest';
import { fitMmm } from './fit-mmm.ts';
import { simulateMmmData } from './simulate-mmm-data.ts';
import { weeklyStoreSimulation } from './weekly-store-simulation.ts';

// Two channels whose true carry-over is short (0.05 and 0.1 a week): Jin et al.'s Beta(3, 3) holds
// the decays near 0.5; the data-chosen shared prior (decision 162) should let them fall.
const SIM = weeklyStoreSimulation(
  [
    {
      name: 'a',
      decayPerWeek: 0.05,
      halfSaturationShare: 0.4,
      shape: 1,
      maxEffect: 9000,
      meanSpend: 4000,
      offShare: 0,
    },
    {
      name: 'b',
      decayPerWeek: 0.1,
      halfSaturationShare: 0.5,
      shape: 1,
      maxEffect: 6000,
      meanSpend: 3000,
      offShare: 0.2,
    },
  ],
  { periods: 104 },
);

describe("fitMmm's decayPrior 'estimated' (decision 162, named at 104 weeks): the shared decay prior's mean chosen by the data", () => {
  const { input } = simulateMmmData(SIM, 5);

  it('gives short true carry-overs shorter decays than the fixed Beta(3, 3)', () => {
    const fixed = fitMmm(input, { seed: 1, draws: 200, holdoutPeriods: 0 });
    const estimated = fitMmm(input, { seed: 1, draws: 200, holdoutPeriods: 0, decayPrior: 'estimated' });
    if (fixed.status !== 'fitted' || estimated.status !== 'fitted') throw new Error('not fitted');
    for (const c of estimated.channels) {
      const before = fixed.channels.find((x) => x.name === c.name)!.adstock.decayPerWeek;
      expect(c.adstock.decayPerWeek, c.name).toBeLessThan(before);
      expect(c.adstock.decayPerWeek, c.name).toBeLessThan(0.3);
    }
    expect(estimated.draws).toBe(200);
  });

  it('refuses a method whose draws give no evidence', () => {
    expect(() => fitMmm(input, { method: 'laplace', decayPrior: 'estimated' })).toThrow(/importance/);
  });
});
