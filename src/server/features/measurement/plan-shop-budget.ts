import { describePlanDataSupport } from '../../../core/measurement/describe-plan-data-support.ts';
import { planBudget } from '../../../core/measurement/plan-budget.ts';
import type { Interval } from '../../../core/measurement/types.ts';
import type { PlanAnswer, PlanBody } from '../../../shared/contracts/measurement.ts';
import { majorToDecimal } from '../../../shared/money.ts';
import { fitShopMmm } from '../../domain/measurement/fit-shop-mmm.ts';
import { badRequest } from '../../errors.ts';
import type { AppDeps } from '../../http/deps.ts';
import { checkPlanCarryOver } from './check-plan-carry-over.ts';

/** Without `from`/`to`, the planner fits the last 52 complete weeks. */
const DEFAULT_DAYS = 364;

/**
 * POST /api/measurement/plan: the weekly split of `budget` across the ad channels that maximises
 * expected contribution under the fitted response curves (core planBudget), with the expected
 * weekly change of net sales and contribution (90 % intervals) and the "move X from A to B" steps.
 * Bounds naming no fitted channel, a minimum above its maximum, or minimums above the budget are a
 * 400 naming the field; a thin model answers `thin` with no allocation. Each move says whether it
 * pays and whether it survives the refit under the alternative decay prior (decision 179, the
 * opportunity's gate of decision 163); `carryOver` states the expected change only when all do.
 * The bounds are the owner's alone: a channel planned above its largest fitted week is planned all
 * the same, and `dataSupport` says so (decision 248: the opportunity, unasked, stays inside).
 */
export async function planShopBudget(
  deps: Pick<AppDeps, 'db' | 'caches' | 'clock'>,
  workspaceId: string,
  body: PlanBody,
): Promise<PlanAnswer> {
  const request = body.from && body.to ? { from: body.from, to: body.to } : { period: DEFAULT_DAYS };
  const shop = await fitShopMmm(deps, workspaceId, request, deps.clock());
  const digits = shop?.currencyDigits ?? 2;
  const money = (value: number) => majorToDecimal(value, digits);
  const budget = Number(body.budget);
  const empty = {
    from: shop?.from ?? null,
    to: shop?.to ?? null,
    currency: shop?.currency ?? 'USD',
    budget: money(budget),
    margin: shop?.margin ?? null,
    channels: [],
    unspent: money(budget),
    expectedRevenueChange: null,
    expectedContributionChange: null,
    moves: [],
    carryOver: null,
    dataSupport: null,
  };
  if (!shop) return { ...empty, thin: { reason: 'no synced store data yet' } };
  const { result, margin } = shop;
  if (result.status === 'too_thin') return { ...empty, thin: { reason: result.reasons.join('; ') } };
  if (margin === null || !(margin > 0 && margin <= 1))
    return { ...empty, thin: { reason: 'the contribution margin of the range is not between 0 and 100 %' } };
  const names = new Set(result.channels.map((c) => c.name));
  for (const [name, bound] of Object.entries(body.bounds)) {
    if (!names.has(name))
      throw badRequest(`bounds.${name}: no such channel; the model's channels are ${[...names].join(', ')}`);
    if (bound.min !== undefined && bound.max !== undefined && Number(bound.min) > Number(bound.max))
      throw badRequest(`bounds.${name}.max: must be at least min`);
  }
  const minimums = Object.values(body.bounds).reduce((sum, b) => sum + Number(b.min ?? 0), 0);
  if (minimums > budget) throw badRequest(`budget: below the channels' minimums (${money(minimums)})`);
  const plan = planBudget(
    result.channels.map((c) => {
      const bound = body.bounds[c.name];
      return {
        name: c.name,
        current: c.currentSpendPerPeriod,
        curve: c.curve,
        ...(bound?.min !== undefined ? { min: Number(bound.min) } : {}),
        ...(bound?.max !== undefined ? { max: Number(bound.max) } : {}),
      };
    }),
    budget,
    margin,
  );
  const interval = (i: Interval) => ({ mean: money(i.mean), low: money(i.low), high: money(i.high) });
  const checked = await checkPlanCarryOver(deps, { ...shop, result }, plan, margin);
  const largest = (name: string) => result.channels.find((c) => c.name === name)!.maxSpendPerPeriod;
  const support = describePlanDataSupport(
    plan.channels.map((c) => ({ name: c.name, planned: c.planned, largest: largest(c.name) })),
    shop.currency,
    'week',
  );
  return {
    ...empty,
    channels: plan.channels.map((c) => ({
      name: c.name,
      current: money(c.current),
      planned: money(c.planned),
      change: money(c.change),
      largestWeeklySpend: money(largest(c.name)),
      beyondData: support.beyond.includes(c.name),
    })),
    unspent: money(plan.unspent),
    expectedRevenueChange: interval(plan.expectedRevenueChange),
    expectedContributionChange: interval(plan.expectedContributionChange),
    moves: checked.moves.map((m) => ({ ...m, amount: money(m.amount) })),
    carryOver: {
      alternativeDecayPrior: checked.alternativeDecayPrior,
      robust: checked.robust,
      expectedContributionChange: checked.robust ? interval(plan.expectedContributionChange) : null,
      summary: checked.summary,
    },
    dataSupport: support,
  };
}
