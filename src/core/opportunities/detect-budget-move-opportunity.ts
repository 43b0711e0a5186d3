import { formatMoney } from '../../shared/money.ts';
import { planBudget } from '../measurement/plan-budget.ts';
import type { MmmResult } from '../measurement/types.ts';
import { budgetMoveHolds } from './budget-move-holds.ts';
import { metricKey } from './metric-key.ts';
import { priceBudgetMove } from './price-budget-move.ts';
import { rankOpportunity } from './rank-opportunity.ts';
import { roundTo } from './round-to.ts';
import type { DetectorContext, OpportunityCandidate } from './types.ts';

/** Weeks of fitted data at which the model's verdict counts as fully supported (confidence). */
const FULL_SUPPORT_PERIODS_IN_DAYS = 364;

/** The marketing-mix model a store was fitted with and what a unit of its target keeps as profit. */
export interface BudgetMoveFacts {
  model: MmmResult;
  /** Contribution before ad spend per unit of the model's target (net sales); null when unknown. */
  margin: number | null;
  /**
   * The same data refitted under other stated priors (decision 163: the alternative decay prior).
   * The move is offered only if its contribution interval stays above zero under each of them too.
   */
  refits?: readonly MmmResult[];
}

/**
 * The budget planner's best reallocation as an opportunity: "Move $X from A to B each week", with
 * the expected change in contribution over the next 30 days and its 90 % interval (issue #41
 * item 3, decision 129) — only when the model is not too thin and that interval lies above zero.
 *
 * Definition: plan the current total spend per period across the channels (planBudget: maximise
 * expected contribution under the fitted response curves) with each channel's spend at most the
 * larger of today's and the largest it had in any fitted period (decision 248: a response curve is
 * identified only over the spends the data cover; beyond the largest one it is an extrapolation,
 * and a move resting on it would be a guess however narrow its interval). Its largest move, `amount` per period
 * from A to B, is priced on its own, per posterior draw d: Δrevenue_d = R_B,d(x_B + amount) −
 * R_B,d(x_B) + R_A,d(x_A − amount) − R_A,d(x_A) at the current spend x; total spend is unchanged, so
 * Δcontribution_d = margin·Δrevenue_d. Both are scaled to 30 days and reported as the posterior
 * mean with 5–95 % quantiles; the candidate exists only when the move holds (budgetMoveHolds): the
 * 5 % quantile of Δcontribution > 0 under the model and — when `refits` are given — under each
 * refit's curves too (the same data under another stated prior; a prior-sensitivity check,
 * decision 163: a move the carry-over prior alone could flip is not offered).
 * Revenue impact = the Δrevenue interval; profit impact = the Δcontribution interval (priced by
 * the detector itself, as bundles are: decision 127). Ranked on the contribution interval with the
 * fitted span as data sufficiency. Implementing it is tracked on the store's 30-day revenue.
 * Reference: Jin et al. (2017) §6 (optimal allocation from the posterior response curves; the
 * curves are estimated over the observed spend range); Robyn's budget allocator (channel bounds
 * relative to each channel's spend history) and pymc-marketing's BudgetOptimizer (budget bounds);
 * decision 110 (what the model is fitted on, and the margin that turns revenue into contribution);
 * Gelman et al., "Bayesian Data Analysis" (3rd ed.) ch. 6–7 and Depaoli & van de Schoot (2017), the
 * WAMBS checklist (prior-sensitivity analysis: a conclusion should not hinge on one defensible prior).
 */
export function detectBudgetMoveOpportunity(
  facts: BudgetMoveFacts,
  context: DetectorContext,
): OpportunityCandidate[] {
  const { model, margin } = facts;
  if (model.status !== 'fitted' || margin === null || !(margin > 0 && margin <= 1)) return [];
  if (model.channels.length < 2) return [];
  const total = model.channels.reduce((s, c) => s + c.currentSpendPerPeriod, 0);
  if (!(total > 0)) return [];
  const plan = planBudget(
    model.channels.map((c) => ({
      name: c.name,
      current: c.currentSpendPerPeriod,
      curve: c.curve,
      max: Math.max(c.currentSpendPerPeriod, c.maxSpendPerPeriod),
    })),
    total,
    margin,
  );
  const move = plan.moves[0];
  if (!move) return [];
  const from = model.channels.find((c) => c.name === move.from)!;
  const to = model.channels.find((c) => c.name === move.to)!;
  const periodDays = model.timeUnit === 'week' ? 7 : 1;
  const per30 = 30 / periodDays;
  const { revenue: revenueChange, contribution: profit } = priceBudgetMove(
    from,
    to,
    move.amount,
    margin,
    per30,
  );
  if (!budgetMoveHolds([model, ...(facts.refits ?? [])], move, margin)) return [];
  const money = (amount: number) => formatMoney(amount, context.currency, { fractionDigits: 0 });
  const unit = periodDays === 7 ? 'week' : 'day';
  const span = model.periods.length * periodDays;
  const rank = rankOpportunity(
    profit.low,
    profit.high,
    context.revenueLast30Days,
    Math.min(1, span / FULL_SUPPORT_PERIODS_IN_DAYS),
    'Low',
  );
  return [
    {
      type: 'reallocate_ad_budget',
      subjectKey: `${move.from}→${move.to}`,
      title: `Move ${money(move.amount)} from ${move.from} to ${move.to} each ${unit}`,
      description: `The marketing-mix model estimates that ${move.to} earns more per extra ${money(1)} than ${move.from} at today's spend (${money(to.currentSpendPerPeriod)} and ${money(from.currentSpendPerPeriod)} a ${unit}). Moving ${money(move.amount)} a ${unit} keeps the total ad budget and adds an estimated ${money(profit.low)}–${money(profit.high)} of contribution over 30 days.`,
      ...rank,
      revenueImpactMin: roundTo(revenueChange.low, 2),
      revenueImpactMax: roundTo(revenueChange.high, 2),
      profitImpact: { min: roundTo(profit.low, 2), max: roundTo(profit.high, 2) },
      effortLevel: 'Low',
      metricKey: metricKey('store', 'all'),
      evidence: {
        method: `Estimated. A Bayesian marketing-mix model of weekly net sales on each channel's spend (adstock and saturation) gives each channel's response curve; the budget planner splits today's total spend to maximise expected contribution without taking any channel above the most it spent in a fitted ${unit} (the curves are measured only up to there), and its largest move is priced on its own over the model's posterior draws: the change in net sales × the contribution margin (${roundTo(margin * 100, 1)} %), over 30 days, as a 90 % interval. Shown only because that interval lies above zero.`,
        facts: [
          { label: `Amount moved per ${unit}`, value: roundTo(move.amount, 2), unit: 'currency' },
          {
            label: `${move.from} spend per ${unit} now`,
            value: roundTo(from.currentSpendPerPeriod, 2),
            unit: 'currency',
          },
          {
            label: `${move.to} spend per ${unit} now`,
            value: roundTo(to.currentSpendPerPeriod, 2),
            unit: 'currency',
          },
          {
            label: `${move.to} largest spend in a ${unit} of the data`,
            value: roundTo(to.maxSpendPerPeriod, 2),
            unit: 'currency',
          },
          { label: `${move.from} marginal ROAS`, value: roundTo(from.marginalRoas.mean, 2), unit: 'ratio' },
          { label: `${move.to} marginal ROAS`, value: roundTo(to.marginalRoas.mean, 2), unit: 'ratio' },
          {
            label: 'Expected contribution change, 30 days',
            value: roundTo(profit.mean, 2),
            unit: 'currency',
          },
          { label: 'Weeks of data in the model', value: Math.round(span / 7), unit: 'count' },
        ],
      },
    },
  ];
}
