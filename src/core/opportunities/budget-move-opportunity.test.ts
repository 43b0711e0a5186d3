import { describe, expect, it } from 'vitest';
import { fitMmm } from '../measurement/fit-mmm.ts';
import { hillSaturation } from '../measurement/hill-saturation.ts';
import { DECAY_PRIOR, DECAY_PRIOR_ALTERNATIVE } from '../measurement/hyper-log-prior.ts';
import { type MmmSimulation, simulateMmmData } from '../measurement/simulate-mmm-data.ts';
import { weeklyStoreSimulation } from '../measurement/weekly-store-simulation.ts';
import { detectBudgetMoveOpportunity } from './detect-budget-move-opportunity.ts';
import type { DetectorContext } from './types.ts';

// Two channels with known response curves: 'search' is saturated at its spend (half-saturation
// at 15 % of its largest week), 'social' is far from saturation (90 %, S-shaped), so at today's
// spend a dollar earns more on social. The right answer is to move money from search to social.
const SIM = weeklyStoreSimulation([
  {
    name: 'search',
    decayPerWeek: 0.3,
    halfSaturationShare: 0.15,
    shape: 1,
    maxEffect: 9000,
    meanSpend: 4000,
    offShare: 0,
  },
  {
    name: 'social',
    decayPerWeek: 0.4,
    halfSaturationShare: 0.9,
    shape: 1.2,
    maxEffect: 30_000,
    meanSpend: 3000,
    offShare: 0,
  },
]);
const MARGIN = 0.6;
// Beta(3, 3) by name: these 156 weeks would otherwise get the data-chosen decay prior (decision
// 214), and the planted figures and the sensitivity gate's "lower decays" were set against Beta(3, 3).
const FIT = { seed: 2, draws: 300, holdoutPeriods: 0, decayPrior: DECAY_PRIOR };
const context = (asOf: string): DetectorContext => ({ asOf, currency: 'USD', revenueLast30Days: 200_000 });

describe('detectBudgetMoveOpportunity on a store simulated with known response curves', () => {
  const { input } = simulateMmmData(SIM, 21);
  const model = fitMmm(input, FIT);
  const asOf = input.dates.at(-1)!;

  it('moves money from the saturated channel to the unsaturated one, and its interval holds the true gain', () => {
    const [candidate, ...rest] = detectBudgetMoveOpportunity({ model, margin: MARGIN }, context(asOf));
    expect(rest).toEqual([]);
    expect(candidate).toBeDefined();
    if (!candidate || model.status !== 'fitted') throw new Error('no opportunity');
    expect(candidate.type).toBe('reallocate_ad_budget');
    expect(candidate.title).toMatch(/^Move \$[\d,]+ from search to social each week$/);
    expect(candidate.evidence.method).toMatch(/^Estimated\./);
    const amount = Number(candidate.evidence.facts[0]!.value);
    // The true gain of exactly this move, from the generating curves at the model's current spend.
    const truth = (name: string, spend: number) => {
      const c = SIM.channels.find((x) => x.name === name)!;
      const max = Math.max(...input.channels.find((x) => x.name === name)!.spend);
      return c.maxEffect * hillSaturation(spend, c.halfSaturationShare * max, c.shape);
    };
    const now = (name: string) => model.channels.find((c) => c.name === name)!.currentSpendPerPeriod;
    const trueWeekly =
      truth('social', now('social') + amount) -
      truth('social', now('social')) +
      truth('search', now('search') - amount) -
      truth('search', now('search'));
    const trueProfit30 = (MARGIN * trueWeekly * 30) / 7;
    expect(trueProfit30).toBeGreaterThan(0);
    expect(candidate.profitImpact!.min).toBeGreaterThan(0);
    expect(candidate.profitImpact!.min).toBeLessThanOrEqual(trueProfit30);
    expect(candidate.profitImpact!.max).toBeGreaterThanOrEqual(trueProfit30);
    // Profit is the revenue change times the margin: the same draws, so the same quantiles scaled.
    expect(candidate.profitImpact!.max).toBeCloseTo(MARGIN * candidate.revenueImpactMax, 1);
  });

  it('offers nothing from a too-thin model, a single channel or an unknown margin', () => {
    const thin = fitMmm({
      ...input,
      dates: input.dates.slice(0, 15),
      target: input.target.slice(0, 15),
      channels: input.channels.map((c) => ({ ...c, spend: c.spend.slice(0, 15) })),
    });
    expect(thin.status).toBe('too_thin');
    expect(detectBudgetMoveOpportunity({ model: thin, margin: MARGIN }, context(asOf))).toEqual([]);
    const single = fitMmm({ ...input, channels: [input.channels[0]!] }, { ...FIT, draws: 100 });
    expect(detectBudgetMoveOpportunity({ model: single, margin: MARGIN }, context(asOf))).toEqual([]);
    expect(detectBudgetMoveOpportunity({ model, margin: null }, context(asOf))).toEqual([]);
  });

  it('offers nothing when the channels earn alike: the gain interval does not clear zero', () => {
    // Twin curves at similar spend: no reallocation is worth showing.
    const twin: MmmSimulation = {
      ...SIM,
      channels: SIM.channels.map((c) => ({
        ...c,
        decayPerWeek: 0.3,
        halfSaturationShare: 0.5,
        shape: 1,
        maxEffect: 8000,
        meanSpend: 3000,
      })),
    };
    const same = simulateMmmData(twin, 22).input;
    const fitted = fitMmm(same, FIT);
    expect(fitted.status).toBe('fitted');
    expect(detectBudgetMoveOpportunity({ model: fitted, margin: MARGIN }, context(asOf))).toEqual([]);
  });
});

describe('the prior-sensitivity gate (decision 163): a move the carry-over prior alone could flip is not offered', () => {
  const { input } = simulateMmmData(SIM, 21);
  const model = fitMmm(input, FIT);
  const asOf = input.dates.at(-1)!;
  const alone = detectBudgetMoveOpportunity({ model, margin: MARGIN }, context(asOf));

  it('keeps a move the data settle: the refit under the alternative decay prior agrees', () => {
    const refit = fitMmm(input, { ...FIT, decayPrior: DECAY_PRIOR_ALTERNATIVE });
    expect(refit.status).toBe('fitted');
    if (refit.status !== 'fitted' || model.status !== 'fitted') throw new Error('not fitted');
    // The prior is really the one stated: with most of its mass near 0, the decays' posterior means
    // are lower than under Beta(3, 3) (both channels' true decays, 0.3 and 0.4, are below 0.5).
    for (const c of model.channels) {
      const other = refit.channels.find((x) => x.name === c.name)!;
      expect(other.adstock.decayPerWeek, c.name).toBeLessThan(c.adstock.decayPerWeek);
    }
    const gated = detectBudgetMoveOpportunity({ model, margin: MARGIN, refits: [refit] }, context(asOf));
    expect(alone).toHaveLength(1);
    expect(gated).toEqual(alone);
  });

  it('drops the move when a refit prices it at a loss, is too thin, or lacks one of its channels', () => {
    if (model.status !== 'fitted') throw new Error('not fitted');
    expect(alone).toHaveLength(1);
    // A refit that reads the two curves the other way round: the same fitted draws with the
    // channels' names swapped, so under it moving money from search to social loses.
    const [search, social] = ['search', 'social'].map((n) => model.channels.find((c) => c.name === n)!);
    const reversed = {
      ...model,
      channels: [
        { ...social!, name: 'search', currentSpendPerPeriod: search!.currentSpendPerPeriod },
        { ...search!, name: 'social', currentSpendPerPeriod: social!.currentSpendPerPeriod },
      ],
    };
    expect(
      detectBudgetMoveOpportunity({ model, margin: MARGIN, refits: [model, reversed] }, context(asOf)),
    ).toEqual([]);
    const thin = { status: 'too_thin' as const, reasons: ['fewer than 20 weeks'] };
    expect(detectBudgetMoveOpportunity({ model, margin: MARGIN, refits: [thin] }, context(asOf))).toEqual([]);
    const partial = { ...model, channels: [search!] };
    expect(detectBudgetMoveOpportunity({ model, margin: MARGIN, refits: [partial] }, context(asOf))).toEqual(
      [],
    );
  });
});
