import { describe, expect, it } from 'vitest';
import { fitMmm } from '../../src/core/measurement/fit-mmm.ts';
import { DECAY_PRIOR_ALTERNATIVE } from '../../src/core/measurement/hyper-log-prior.ts';
import type { MmmSaturationSetting } from '../../src/core/measurement/types.ts';
import { type DailyChannelSpend, weeklyMmmInput } from '../../src/core/measurement/weekly-mmm-input.ts';
import { detectBudgetMoveOpportunity } from '../../src/core/opportunities/detect-budget-move-opportunity.ts';
import { adPlatformTruth } from '../../src/demo/ad-platforms/ad-platform-truth.ts';
import { demoAdPlatformPlan } from '../../src/demo/ad-platforms/plan-ad-platforms.ts';
import { generateStore } from '../../src/demo/generate-store.ts';
import { trueWeeklyMoveGain } from '../../src/demo/generator/true-move-gain.ts';
import { SHOP_MMM_OPTIONS as FIT } from '../../src/server/domain/measurement/fit-shop-mmm.ts';
import { addDays } from '../../src/shared/calendar.ts';

/**
 * The budget move's prior-sensitivity gate (decision 163) on the causal demo preset's own stores:
 * at seed 24 a Hill-only fit (the app's until decision 243) alone offers moving money from Meta into
 * TikTok Ads, which the planted curves say loses money (TikTok is overrated under the adopted decay
 * prior, decision 152); the refit under the alternative decay prior does not confirm it, so it is
 * not offered; the app's fit, weighing Hill and logistic saturation, does not offer it at all. At
 * seed 16 a move the planted curves reward (Meta into Google Ads, the best payer) survives the
 * refit. Each move is priced under the planted curves, never the model's. The fit is the
 * endpoint's: its 52 weeks of net sales and spend (weeklyMmmInput), the endpoint's options
 * (SHOP_MMM_OPTIONS: 200 draws, seed 1, both saturation families), at the store's contribution
 * margin before ad spend.
 */
const WEEKS = 52;

function caseOf(seed: number, saturations: readonly MmmSaturationSetting[] = [FIT.saturation!]) {
  const store = generateStore({ seed, preset: 'causal' });
  const truth = store.groundTruth;
  const from = addDays(truth.endDate, -(7 * WEEKS - 1));
  const days = truth.profit.days.filter((d) => d.date >= from && d.date <= truth.endDate);
  const margin =
    days.reduce((s, d) => s + d.contributionMargin + d.marketing, 0) /
    days.reduce((s, d) => s + d.netSales, 0);
  const meta = new Map<string, number>();
  for (const row of store.meta.daily) meta.set(row.day, (meta.get(row.day) ?? 0) + row.spendMinor);
  const ads = adPlatformTruth(demoAdPlatformPlan(store.config), store.shop.currencyCode);
  const spend: DailyChannelSpend[] = [
    { name: 'Google Ads', daily: new Map(Object.entries(ads.google_ads.dailyShopSpendMinor)) },
    { name: 'Meta', daily: meta },
    { name: 'TikTok Ads', daily: new Map(Object.entries(ads.tiktok_ads.dailyShopSpendMinor)) },
  ];
  const sales = truth.profit.days.map((d) => ({ ...d, day: d.date }));
  const input = weeklyMmmInput(from, WEEKS, sales, spend, 100);
  const fits = saturations.map((saturation) => ({
    model: fitMmm(input, { ...FIT, saturation }),
    refit: fitMmm(input, { ...FIT, saturation, decayPrior: DECAY_PRIOR_ALTERNATIVE }),
  }));
  const { model, refit } = fits[0]!;
  const context = {
    asOf: truth.endDate,
    currency: truth.profit.currency,
    revenueLast30Days: days.slice(-30).reduce((s, d) => s + d.netSales, 0) / 100,
  };
  /** What moving `amount` a week from `a` to `b` truly earns a week, under the planted curves. */
  const trulyEarns = (a: string, b: string, amount: number) => {
    if (model.status !== 'fitted') throw new Error('not fitted');
    const current = (name: string) =>
      model.status === 'fitted' ? model.channels.find((c) => c.name === name)!.currentSpendPerPeriod : 0;
    return trueWeeklyMoveGain(truth.mmm!, { from: a, to: b, amount }, current, margin);
  };
  return { model, refit, fits, margin, context, trulyEarns };
}

const moveOf = (title: string) => {
  const [, amount, from, to] = /^Move \$([\d,.]+) from (.+) to (.+) each week$/.exec(title)!;
  return { amount: Number(amount!.replace(/,/g, '')), from: from!, to: to! };
};

describe('the budget move is offered only if it survives the decay-prior refit (causal demo)', () => {
  // The app's fit (both saturation families, decision 243) no longer offers seed 24's losing move
  // even alone; Hill alone (decision 163's fit) still does, and shows the gate catching it.
  it('seed 24: Hill alone offers a move into TikTok Ads that truly loses and the refit drops it; the app’s fit offers none', () => {
    const { fits, margin, context, trulyEarns } = caseOf(24, ['hill', FIT.saturation!]);
    const { model, refit } = fits[0]!;
    expect(detectBudgetMoveOpportunity({ model: fits[1]!.model, margin }, context)).toEqual([]);
    const [alone] = detectBudgetMoveOpportunity({ model, margin }, context);
    expect(alone).toBeDefined();
    const move = moveOf(alone!.title);
    expect([move.from, move.to]).toEqual(['Meta', 'TikTok Ads']);
    expect(trulyEarns(move.from, move.to, move.amount)).toBeLessThan(0);
    expect(detectBudgetMoveOpportunity({ model, margin, refits: [refit] }, context)).toEqual([]);
  }, 120_000);

  it('seed 16: the move out of Meta into Google Ads truly pays and is still offered', () => {
    const { model, refit, margin, context, trulyEarns } = caseOf(16);
    const [gated, ...rest] = detectBudgetMoveOpportunity({ model, margin, refits: [refit] }, context);
    expect(rest).toEqual([]);
    expect(gated).toBeDefined();
    const move = moveOf(gated!.title);
    expect([move.from, move.to]).toEqual(['Meta', 'Google Ads']);
    expect(trulyEarns(move.from, move.to, move.amount)).toBeGreaterThan(0);
    expect(gated).toEqual(detectBudgetMoveOpportunity({ model, margin }, context)[0]);
  }, 60_000);
});
