import { posteriorInterval } from '../measurement/posterior-interval.ts';
import { saturationOf } from '../measurement/saturation-of.ts';
import type { Interval, MmmChannelResult, ResponseCurveDraw } from '../measurement/types.ts';

const responseOf = (draw: ResponseCurveDraw, spend: number) =>
  draw.maxEffect * saturationOf(Math.max(0, spend), draw.halfSaturation, draw.shape, draw.saturation);

/**
 * What moving `amount` per period from channel `from` to channel `to` changes, over `periods`
 * periods, under a fitted model's posterior response curves: net sales and contribution, each as
 * posterior mean and 5–95 % quantiles.
 *
 * Definition: per posterior draw d, Δrevenue_d = R_to,d(x_to + amount) − R_to,d(x_to) +
 * R_from,d(x_from − amount) − R_from,d(x_from) at the channels' current spend x per period, with
 * R = maxEffect·Hill(x; K, S), or the draw's logistic curve (saturationOf, decision 234), the
 * steady-state response curve; total spend is unchanged, so
 * Δcontribution_d = margin·Δrevenue_d; both × `periods`.
 * Reference: Jin et al. (2017) §6 (allocation from the posterior response curves); decision 129.
 *
 * @example priceBudgetMove(tiktok, google, 100, 0.4, 30 / 7).contribution.low // > 0: the move pays
 */
export function priceBudgetMove(
  from: Pick<MmmChannelResult, 'curve' | 'currentSpendPerPeriod'>,
  to: Pick<MmmChannelResult, 'curve' | 'currentSpendPerPeriod'>,
  amount: number,
  margin: number,
  periods: number,
): { revenue: Interval; contribution: Interval } {
  const draws = Math.min(from.curve.length, to.curve.length);
  const revenue: number[] = [];
  const contribution: number[] = [];
  for (let d = 0; d < draws; d += 1) {
    const a = from.curve[d]!;
    const b = to.curve[d]!;
    const change =
      responseOf(b, to.currentSpendPerPeriod + amount) -
      responseOf(b, to.currentSpendPerPeriod) +
      responseOf(a, from.currentSpendPerPeriod - amount) -
      responseOf(a, from.currentSpendPerPeriod);
    revenue.push(change * periods);
    contribution.push(margin * change * periods);
  }
  return { revenue: posteriorInterval(revenue), contribution: posteriorInterval(contribution) };
}
