// The `demomove` part of bench/measurement-mmm.bench.ts (issue #41, decisions 152 and 163): on the
// causal demo preset, which budget moves the opportunity offers and whether each truly pays under
// the planted curves — with the model alone (as decision 152 screened) and with the decay-prior
// sensitivity refit (decision 163).

import { fitMmm } from '../../src/core/measurement/fit-mmm.ts';
import { DECAY_PRIOR_ALTERNATIVE } from '../../src/core/measurement/hyper-log-prior.ts';
import { weeklyMmmInput } from '../../src/core/measurement/weekly-mmm-input.ts';
import { detectBudgetMoveOpportunity } from '../../src/core/opportunities/detect-budget-move-opportunity.ts';
import { generateStore } from '../../src/demo/generate-store.ts';
import { trueWeeklyMoveGain } from '../../src/demo/generator/true-move-gain.ts';
import { addDays } from '../../src/shared/calendar.ts';
import { load } from './load-average.ts';
import { channelSpend } from './mmm-causal-demo.ts';

const WEEKS = 52;
/** What the Measurement endpoint fits with (fit-shop-mmm.ts). */
const FIT = { draws: 200, seed: 1 };

/**
 * For seeds `first`…`first + seeds − 1`: fits the endpoint's 52 weeks as the analysis does, asks the
 * detector for a move with and without the refit under DECAY_PRIOR_ALTERNATIVE, and prices each
 * offered move under the planted curves (as causal-budget-move.test.ts does) at the store's
 * contribution margin before ad spend over the same weeks.
 */
export function benchBudgetMoveOnCausalDemo(seeds: number, first = 1): void {
  console.log(
    `Budget move on the causal demo preset, seeds ${first}–${first + seeds - 1} (decision 163; load at start ${load()}):`,
  );
  const tally = { model: 0, modelPays: 0, gated: 0, gatedPays: 0 };
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
    const model = fitMmm(input, FIT);
    const context = {
      asOf: truth.endDate,
      currency: truth.profit.currency,
      revenueLast30Days: days.slice(-30).reduce((s, d) => s + d.netSales, 0) / 100,
    };
    const [offered] = detectBudgetMoveOpportunity({ model, margin }, context);
    if (!offered) continue;
    const refit = fitMmm(input, { ...FIT, decayPrior: DECAY_PRIOR_ALTERNATIVE });
    const [gated] = detectBudgetMoveOpportunity({ model, margin, refits: [refit] }, context);
    const [, amountText, a, b] = /^Move \$([\d,.]+) from (.+) to (.+) each week$/.exec(offered.title)!;
    const amount = Number(amountText!.replace(/,/g, ''));
    const current = (name: string) =>
      model.status === 'fitted' ? model.channels.find((c) => c.name === name)!.currentSpendPerPeriod : 0;
    const weekly = trueWeeklyMoveGain(truth.mmm!, { from: a!, to: b!, amount }, current, margin);
    tally.model += 1;
    if (weekly > 0) tally.modelPays += 1;
    if (gated) {
      tally.gated += 1;
      if (weekly > 0) tally.gatedPays += 1;
    }
    const alt =
      refit.status === 'fitted'
        ? refit.channels.map((c) => `${c.name} ROAS ${c.roas.mean.toFixed(2)}`).join(', ')
        : 'too thin';
    console.log(
      `  seed ${seed}: ${offered.title} (margin ${margin.toFixed(2)}); 30-day interval [${offered.profitImpact!.min}, ${offered.profitImpact!.max}]; truly ${weekly.toFixed(2)} a week; with the refit: ${gated ? 'offered' : 'NOT offered'} (refit ${alt})`,
    );
  }
  console.log(
    `  the model alone offers ${tally.model} moves, ${tally.modelPays} truly pay; with the decay-prior refit ${tally.gated} offered, ${tally.gatedPays} truly pay; load ${load()}`,
  );
}
