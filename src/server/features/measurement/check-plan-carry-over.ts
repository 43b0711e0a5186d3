import { DECAY_PRIOR_ALTERNATIVE } from '../../../core/measurement/hyper-log-prior.ts';
import type { BudgetPlan } from '../../../core/measurement/plan-budget.ts';
import type { MmmResult } from '../../../core/measurement/types.ts';
import { budgetMoveHolds } from '../../../core/opportunities/budget-move-holds.ts';
import { formatMoney } from '../../../shared/money.ts';
import { refitShopMmm, type ShopMmm } from '../../domain/measurement/fit-shop-mmm.ts';
import type { AppDeps } from '../../http/deps.ts';

/** What the planner's answer carries about the carry-over assumption (decision 179). */
export interface PlanCarryOver {
  moves: { from: string; to: string; amount: number; pays: boolean; robust: boolean }[];
  alternativeDecayPrior: string;
  robust: boolean;
  summary: string;
}

/**
 * The budget plan's moves checked the way the "Move $X from A to B" opportunity is (decision 163):
 * each move pays when its weekly contribution change has its 90 % interval above zero under the
 * shop's model, and is robust when it does under the refit with the alternative decay prior
 * Beta(1, 3) as well (budgetMoveHolds, the opportunity's own gate). The plan is robust when every
 * move is; the summary then states its expected change, and otherwise names the moves that are not
 * robust and states none. The refit is fitted (and kept) only when the plan moves money.
 */
export async function checkPlanCarryOver(
  deps: Pick<AppDeps, 'db' | 'caches'>,
  shop: ShopMmm & { result: MmmResult & { status: 'fitted' } },
  plan: BudgetPlan,
  margin: number,
): Promise<PlanCarryOver> {
  const money = (amount: number) => formatMoney(amount, shop.currency, { fractionDigits: 0 });
  const alternativeDecayPrior = `Beta(${DECAY_PRIOR_ALTERNATIVE.join(', ')})`;
  const refit = plan.moves.length > 0 ? await refitShopMmm(deps, shop, DECAY_PRIOR_ALTERNATIVE) : null;
  const moves = plan.moves.map((move) => {
    const pays = budgetMoveHolds([shop.result], move, margin);
    return { ...move, pays, robust: pays && refit !== null && budgetMoveHolds([refit], move, margin) };
  });
  const robust = moves.every((m) => m.robust);
  const change = plan.expectedContributionChange;
  const said = (m: (typeof moves)[number]) => `moving ${money(m.amount)} from ${m.from} to ${m.to}`;
  const summary =
    moves.length === 0
      ? `Keep the current split between channels: expected change of contribution ${money(change.mean)} a week (90 % interval ${money(change.low)} to ${money(change.high)}).`
      : robust
        ? `Every move still pays under a shorter carry-over assumption (decay prior ${alternativeDecayPrior}): expected change of contribution ${money(change.mean)} a week (90 % interval ${money(change.low)} to ${money(change.high)}).`
        : [
            ...moves
              .filter((m) => m.pays && !m.robust)
              .map(
                (m) =>
                  `Not robust to the carry-over assumption: ${said(m)} pays under the model, but not if ads keep working for a shorter time after they run (decay prior ${alternativeDecayPrior}).`,
              ),
            ...moves
              .filter((m) => !m.pays)
              .map((m) => `Not sure to pay: ${said(m)} may lose contribution even under the model.`),
            'No expected change is stated for this plan.',
          ].join(' ');
  return { moves, alternativeDecayPrior, robust, summary };
}
