import { describe, expect, it } from 'vitest';
import { DATA_CHOSEN_DECAY_MIN_WEEKS, defaultDecayPrior } from './default-decay-prior.ts';
import { fitMmm } from './fit-mmm.ts';
import { DECAY_PRIOR } from './hyper-log-prior.ts';
import { type SimulatedChannel, simulateMmmData } from './simulate-mmm-data.ts';
import type { MmmInput } from './types.ts';
import { weeklyStoreSimulation } from './weekly-store-simulation.ts';

/** Three years of two channels with a planted carry-over a week (both channels the same). */
function store(decayPerWeek: number): MmmInput {
  const channel = (
    name: string,
    maxEffect: number,
    meanSpend: number,
    offShare: number,
  ): SimulatedChannel => ({
    name,
    decayPerWeek,
    halfSaturationShare: 0.45,
    shape: 1,
    maxEffect,
    meanSpend,
    offShare,
  });
  const sim = weeklyStoreSimulation([channel('a', 9000, 4000, 0), channel('b', 6000, 3000, 0.2)], {
    start: '2022-01-03',
  });
  return simulateMmmData(sim, 5).input;
}

const firstWeeks = (input: MmmInput, weeks: number): MmmInput => ({
  dates: input.dates.slice(0, weeks),
  target: input.target.slice(0, weeks),
  channels: input.channels.map((c) => ({ name: c.name, spend: c.spend.slice(0, weeks) })),
});

const FIT = { seed: 1, draws: 200, holdoutPeriods: 0 } as const;

function fitted(input: MmmInput, options: Parameters<typeof fitMmm>[1] = FIT) {
  const result = fitMmm(input, options);
  if (result.status !== 'fitted') throw new Error(`not fitted: ${result.reasons.join('; ')}`);
  return result;
}

const mostProbableMean = (result: ReturnType<typeof fitted>) =>
  result.decayPrior.candidates.reduce((a, b) => (b.probability > a.probability ? b : a)).mean;

describe('defaultDecayPrior (decision 214): the data choose the decay prior from 156 weeks', () => {
  it('is the data-chosen prior from exactly 156 weeks with importance draws, Beta(3, 3) below or without evidence', () => {
    expect(DATA_CHOSEN_DECAY_MIN_WEEKS).toBe(156);
    expect(defaultDecayPrior(156, 'importance')).toBe('estimated');
    expect(defaultDecayPrior(520, 'importance')).toBe('estimated');
    expect(defaultDecayPrior(155.9, 'importance')).toEqual([3, 3]);
    expect(defaultDecayPrior(52, 'importance')).toEqual([3, 3]);
    expect(defaultDecayPrior(156, 'laplace')).toEqual([3, 3]);
    expect(defaultDecayPrior(156, 'metropolis')).toEqual([3, 3]);
  });

  const short = store(0.05);

  it('at 156 weeks of a short planted carry-over (0.05 a week) the fit picks a short-decay prior and says so', () => {
    const chosen = fitted(short);
    expect(chosen.decayPrior.source).toBe('default');
    expect(chosen.decayPrior.kind).toBe('estimated');
    expect(chosen.decayPrior.candidates.map((c) => c.mean)).toEqual([0.1, 0.25, 0.5, 0.75]);
    expect(chosen.decayPrior.candidates.reduce((a, c) => a + c.probability, 0)).toBeCloseTo(1, 3);
    expect(mostProbableMean(chosen)).toBeLessThanOrEqual(0.25);
    expect(chosen.decayPrior.summary).toMatch(/chosen by the data \(156 weeks\)/);
    // The same data with Beta(3, 3) named: the decays are held near its mean 0.5.
    const fixed = fitted(short, { ...FIT, decayPrior: DECAY_PRIOR });
    expect(fixed.decayPrior).toMatchObject({ source: 'named', kind: 'fixed', beta: [3, 3], candidates: [] });
    for (const c of chosen.channels) {
      const before = fixed.channels.find((x) => x.name === c.name)!.adstock.decayPerWeek;
      expect(c.adstock.decayPerWeek, c.name).toBeLessThan(0.25);
      expect(c.adstock.decayPerWeek, c.name).toBeLessThan(before);
    }
  });

  it('one week short of 156 the same store keeps Beta(3, 3) and says why', () => {
    const result = fitted(firstWeeks(short, 155));
    expect(result.decayPrior).toMatchObject({
      source: 'default',
      kind: 'fixed',
      beta: [3, 3],
      candidates: [],
    });
    expect(result.decayPrior.summary).toMatch(/Beta\(3, 3\).*default below 156 weeks of data \(155\)/);
  });

  it('at 156 weeks of a long planted carry-over (0.7 a week) the data choose a long-decay prior', () => {
    const result = fitted(store(0.7));
    expect(result.decayPrior.kind).toBe('estimated');
    expect(mostProbableMean(result)).toBeGreaterThanOrEqual(0.5);
  });
});
