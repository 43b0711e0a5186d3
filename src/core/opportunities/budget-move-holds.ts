import type { MmmResult } from '../measurement/types.ts';
import { priceBudgetMove } from './price-budget-move.ts';

/**
 * Whether moving `amount` per period from channel `from` to channel `to` pays under every one of
 * `models` — the adopted fit and its refits under other stated priors (decision 163: the decay
 * prior's sensitivity check) — so that a move one defensible prior alone supports is not made.
 *
 * Definition: for each model, the move's change of contribution per period, priced per posterior
 * draw on that model's response curves (priceBudgetMove, at the channels' current spend), has its
 * 5 % quantile above zero; a model that is too thin or lacks one of the two channels fails it.
 * The sign of a quantile does not depend on how many periods are summed, so one period is priced.
 * Reference: Gelman et al., "Bayesian Data Analysis" (3rd ed.) ch. 6–7; Depaoli & van de Schoot
 * (2017), the WAMBS checklist (prior-sensitivity analysis); decisions 163 and 179.
 *
 * @example budgetMoveHolds([model, refit], { from: 'Meta', to: 'TikTok Ads', amount: 269 }, 0.4) // false at causal seed 24
 */
export function budgetMoveHolds(
  models: readonly MmmResult[],
  move: { from: string; to: string; amount: number },
  margin: number,
): boolean {
  return models.every((model) => {
    if (model.status !== 'fitted') return false;
    const from = model.channels.find((c) => c.name === move.from);
    const to = model.channels.find((c) => c.name === move.to);
    return !!from && !!to && priceBudgetMove(from, to, move.amount, margin, 1).contribution.low > 0;
  });
}
