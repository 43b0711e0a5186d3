// The `demomove` part of bench/measurement-mmm.bench.ts (issue #41, decisions 152, 163 and 248): on
// the causal demo preset, which budget moves the opportunity offers and whether each truly pays under
// the planted curves — fitted as the app fits (SHOP_MMM_OPTIONS), gated by the decay-prior refit
// (decision 163), with each channel's spend held within the largest week the data show (decision
// 248) and, beside it, without that bound (the detector before decision 248).

import { fitMmm } from '../../src/core/measurement/fit-mmm.ts';
import { DECAY_PRIOR_ALTERNATIVE } from '../../src/core/measurement/hyper-log-prior.ts';
import type { MmmResult } from '../../src/core/measurement/types.ts';
import { weeklyMmmInput } from '../../src/core/measurement/weekly-mmm-input.ts';
import { detectBudgetMoveOpportunity } from '../../src/core/opportunities/detect-budget-move-opportunity.ts';
import type { DetectorContext } from '../../src/core/opportunities/types.ts';
import { generateStore } from '../../src/demo/generate-store.ts';
import { trueWeeklyMoveGain } from '../../src/demo/generator/true-move-gain.ts';
import { SHOP_MMM_OPTIONS } from '../../src/server/domain/measurement/fit-shop-mmm.ts';
import { addDays } from '../../src/shared/calendar.ts';
import { load } from './load-average.ts';
import { channelSpend } from './mmm-causal-demo.ts';

const WEEKS = 52;

/** The same fit with no channel's largest week known: the detector then plans without the bound. */
const unbounded = (model: MmmResult): MmmResult =>
  model.status === 'fitted'
    ? {
        ...model,
        channels: model.channels.map((c) => ({ ...c, maxSpendPerPeriod: Number.POSITIVE_INFINITY })),
      }
    : model;

/**
 * For seeds `first`…`first + seeds − 1`: fits the endpoint's 52 weeks as the analysis does, refits
 * them under DECAY_PRIOR_ALTERNATIVE, asks the detector (with the refit gate) for a move with and
 * without the largest-week bound, and prices each offered move under the planted curves (as
 * causal-budget-move.test.ts does) at the store's contribution margin before ad spend over the
 * same weeks; a move past the receiving channel's largest week is marked "beyond data".
 */
export function benchBudgetMoveOnCausalDemo(seeds: number, first = 1): void {
  console.log(
    `Budget move on the causal demo preset, seeds ${first}–${first + seeds - 1}, the app's fit (decisions 163, 243, 248; load at start ${load()}):`,
  );
  const tally = { before: 0, beforePays: 0, beyond: 0, after: 0, afterPays: 0 };
  for (let seed = first; seed < first + seeds; seed += 1) {
    const store = generateStore({ seed, preset: 'causal' });
    const truth = store.groundTruth;
    const from = addDays(truth.endDate, -(7 * WEEKS - 1));
    const days = truth.profit.days.filter((d) => d.date >= from && d.date <= truth.endDate);
    const netSales = days.reduce((s, d) => s + d.netSales, 0);
    const beforeAds = days.reduce((s, d) => s + d.contributionMargin + d.marketing, 0);
    const margin = beforeAds / netSales;
    const sales = truth.profit.days.map((d) => ({ ...d, day: d.date }));
    const input = weeklyMmmInput(from, WEEKS, sales, channelSpend(store), 100);
    const model = fitMmm(input, SHOP_MMM_OPTIONS);
    if (model.status !== 'fitted') continue;
    const context: DetectorContext = {
      asOf: truth.endDate,
      currency: truth.profit.currency,
      revenueLast30Days: days.slice(-30).reduce((s, d) => s + d.netSales, 0) / 100,
    };
    const [aloneBefore] = detectBudgetMoveOpportunity({ model: unbounded(model), margin }, context);
    const [aloneAfter] = detectBudgetMoveOpportunity({ model, margin }, context);
    if (!aloneBefore && !aloneAfter) continue;
    const refit = fitMmm(input, { ...SHOP_MMM_OPTIONS, decayPrior: DECAY_PRIOR_ALTERNATIVE });
    const current = (name: string) => model.channels.find((c) => c.name === name)!.currentSpendPerPeriod;
    const largest = (name: string) => model.channels.find((c) => c.name === name)!.maxSpendPerPeriod;
    const said = (fitted: MmmResult, refitted: MmmResult) => {
      const [offered] = detectBudgetMoveOpportunity({ model: fitted, margin, refits: [refitted] }, context);
      if (!offered) return null;
      const [, amountText, a, b] = /^Move \$([\d,.]+) from (.+) to (.+) each week$/.exec(offered.title)!;
      const amount = Number(amountText!.replace(/,/g, ''));
      const weekly = trueWeeklyMoveGain(truth.mmm!, { from: a!, to: b!, amount }, current, margin);
      const beyond = current(b!) + amount > largest(b!) + 0.5;
      const text = `${offered.title}, 30-day interval [${offered.profitImpact!.min}, ${offered.profitImpact!.max}], truly ${weekly.toFixed(2)} a week; ${b} to ${(current(b!) + amount).toFixed(0)} a week, largest week ${largest(b!).toFixed(0)}${beyond ? ' (beyond data)' : ''}`;
      return { weekly, beyond, text };
    };
    const before = said(unbounded(model), unbounded(refit));
    const after = said(model, refit);
    if (before) {
      tally.before += 1;
      if (before.weekly > 0) tally.beforePays += 1;
      if (before.beyond) tally.beyond += 1;
    }
    if (after) {
      tally.after += 1;
      if (after.weekly > 0) tally.afterPays += 1;
    }
    console.log(
      `  seed ${seed} (margin ${margin.toFixed(2)}): unbounded ${before?.text ?? 'none offered'}; within the data ${after?.text ?? 'none offered'}`,
    );
  }
  console.log(
    `  unbounded: ${tally.before} moves offered, ${tally.beforePays} truly pay, ${tally.beyond} past the receiving channel's largest week; within the data: ${tally.after} offered, ${tally.afterPays} truly pay; load ${load()}`,
  );
}
