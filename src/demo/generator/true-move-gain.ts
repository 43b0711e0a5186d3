import { hillSaturation } from '../../core/measurement/hill-saturation.ts';
import type { MmmTruth } from '../truth-model.ts';

/**
 * What the causal preset's planted curves say a steady weekly spend earns a week (decision 136): the
 * channel's caused orders at that spend (the adstock of a steady spend is the spend itself), at the
 * channel's caused basket and the store's contribution margin, less the spend. Amounts in major units.
 */
export function trueWeeklyContribution(
  truth: MmmTruth,
  channel: string,
  weeklySpend: number,
  margin: number,
): number {
  const t = truth.channels.find((c) => c.name === channel);
  if (!t) throw new Error(`the causal truth has no channel "${channel}"`);
  const spend = Math.max(0, weeklySpend);
  const basket = t.netSalesMinor / 100 / t.orders;
  const { halfSaturation, shape } = t.saturation;
  return margin * 7 * t.effect * basket * hillSaturation(spend / 7, halfSaturation, shape) - spend;
}

/**
 * The true change in weekly contribution of moving `amount` a week from one channel to another,
 * from the spends each had (`weeklySpendOf`): what a budget move is judged against in the tests and
 * the bench, never what the model says.
 */
export function trueWeeklyMoveGain(
  truth: MmmTruth,
  move: { from: string; to: string; amount: number },
  weeklySpendOf: (channel: string) => number,
  margin: number,
): number {
  const at = (channel: string, spend: number) => trueWeeklyContribution(truth, channel, spend, margin);
  const { from, to, amount } = move;
  return (
    at(to, weeklySpendOf(to) + amount) -
    at(to, weeklySpendOf(to)) +
    at(from, weeklySpendOf(from) - amount) -
    at(from, weeklySpendOf(from))
  );
}
