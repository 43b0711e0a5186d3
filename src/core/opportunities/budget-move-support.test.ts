import { describe, expect, it } from 'vitest';
import { fitMmm } from '../measurement/fit-mmm.ts';
import { hillSaturation } from '../measurement/hill-saturation.ts';
import { DECAY_PRIOR } from '../measurement/hyper-log-prior.ts';
import { planBudget } from '../measurement/plan-budget.ts';
import { simulateMmmData } from '../measurement/simulate-mmm-data.ts';
import { weeklyStoreSimulation } from '../measurement/weekly-store-simulation.ts';
import { detectBudgetMoveOpportunity } from './detect-budget-move-opportunity.ts';

// Decision 248. 'search' is saturated at its spend; 'social' was always run small (about 1,200 a
// week, never above ~2,600) though its curve is steep there, so the best split under the fitted
// curves puts more into social than the store ever spent on it in a week. Above that week the
// curve is the model's extrapolation, so the offered move stops at it.
const SIM = weeklyStoreSimulation([
  {
    name: 'search',
    decayPerWeek: 0.3,
    halfSaturationShare: 0.15,
    shape: 1,
    maxEffect: 9000,
    meanSpend: 6000,
    offShare: 0,
  },
  {
    name: 'social',
    decayPerWeek: 0.4,
    halfSaturationShare: 0.9,
    shape: 1.2,
    maxEffect: 40_000,
    meanSpend: 1200,
    offShare: 0,
  },
]);
const MARGIN = 0.6;
const FIT = { seed: 2, draws: 300, holdoutPeriods: 0, decayPrior: DECAY_PRIOR };

describe('the budget move stays inside the spend each channel has been seen at (decision 248)', () => {
  const { input } = simulateMmmData(SIM, 21);
  const model = fitMmm(input, FIT);
  const largest = (name: string) => Math.max(...input.channels.find((c) => c.name === name)!.spend);

  it('the model records each channel’s largest weekly spend in the fitted data', () => {
    if (model.status !== 'fitted') throw new Error('not fitted');
    for (const c of model.channels) expect(c.maxSpendPerPeriod, c.name).toBe(largest(c.name));
  });

  it('moves money into social only up to its largest week, where the unbounded plan goes past it', () => {
    if (model.status !== 'fitted') throw new Error('not fitted');
    const now = (name: string) => model.channels.find((c) => c.name === name)!.currentSpendPerPeriod;
    // What the detector planned before decision 248: no bounds. It takes social past its largest
    // week, so this store tells a bounded move from an unbounded one.
    const unbounded = planBudget(
      model.channels.map((c) => ({ name: c.name, current: c.currentSpendPerPeriod, curve: c.curve })),
      now('search') + now('social'),
      MARGIN,
    ).moves[0]!;
    expect(unbounded).toMatchObject({ from: 'search', to: 'social' });
    expect(now('social') + unbounded.amount).toBeGreaterThan(largest('social'));

    const [candidate, ...rest] = detectBudgetMoveOpportunity(
      { model, margin: MARGIN },
      { asOf: input.dates.at(-1)!, currency: 'USD', revenueLast30Days: 200_000 },
    );
    expect(rest).toEqual([]);
    if (!candidate) throw new Error('no move offered');
    expect(candidate.title).toMatch(/^Move \$[\d,]+ from search to social each week$/);
    const amount = Number(candidate.evidence.facts[0]!.value);
    expect(amount).toBeGreaterThan(0);
    expect(now('social') + amount).toBeLessThanOrEqual(largest('social') + 0.01);
    expect(candidate.evidence.facts).toContainEqual({
      label: 'social largest spend in a week of the data',
      value: Math.round(largest('social') * 100) / 100,
      unit: 'currency',
    });
    // Inside the data the model's interval holds what the planted curves say the move earns.
    const truth = (name: string, spend: number) => {
      const c = SIM.channels.find((x) => x.name === name)!;
      return c.maxEffect * hillSaturation(spend, c.halfSaturationShare * largest(name), c.shape);
    };
    const trueWeekly =
      truth('social', now('social') + amount) -
      truth('social', now('social')) +
      truth('search', now('search') - amount) -
      truth('search', now('search'));
    const trueProfit30 = (MARGIN * trueWeekly * 30) / 7;
    expect(trueProfit30).toBeGreaterThan(0);
    expect(candidate.profitImpact!.min).toBeLessThanOrEqual(trueProfit30);
    expect(candidate.profitImpact!.max).toBeGreaterThanOrEqual(trueProfit30);
  });
});
