import { formatMoney } from '../../shared/money.ts';

/** Half a cent: a planned spend this far above a channel's largest period is still inside it. */
const TOLERANCE = 0.005;

/** Whether a budget plan keeps every channel within the spend its fitted data cover (decision 248). */
export interface PlanDataSupport {
  /** No channel is planned above the largest spend it had in a fitted period. */
  within: boolean;
  /** The channels that are, in plan order. */
  beyond: string[];
  /** One sentence for the owner. */
  summary: string;
}

/**
 * What a budget plan rests on beyond the fitted data: the channels whose planned spend per period
 * is above the largest spend they had in any fitted period, where the response curve is the
 * model's extrapolation rather than a measurement.
 *
 * Definition: channel c is beyond the data when planned_c > largest_c (by more than half a cent);
 * the summary names each such channel with its planned and largest spend, or says every planned
 * spend lies within the spends the data cover.
 * Reference: Jin et al. (2017) §6 (the response curves, and so the allocation, are estimated over
 * the observed spend range); Robyn's budget allocator bounds each channel relative to its spend
 * history for the same reason; decision 248.
 *
 * @example describePlanDataSupport([{ name: 'Google Ads', planned: 2400, largest: 1500 }], 'USD', 'week').summary
 *   // "Beyond the data: Google Ads at $2,400 a week is above the most it spent in any fitted week
 *   //  ($1,500); the response curve there is extrapolated, not measured."
 */
export function describePlanDataSupport(
  channels: readonly { name: string; planned: number; largest: number }[],
  currency: string,
  unit: 'week' | 'day',
): PlanDataSupport {
  const money = (amount: number) => formatMoney(amount, currency, { fractionDigits: 0 });
  const over = channels.filter((c) => c.planned > c.largest + TOLERANCE);
  if (over.length === 0)
    return {
      within: true,
      beyond: [],
      summary: `Every planned spend lies within the spend each channel had in the fitted ${unit}s.`,
    };
  const summary =
    over.length === 1
      ? `Beyond the data: ${over[0]!.name} at ${money(over[0]!.planned)} a ${unit} is above the most it spent in any fitted ${unit} (${money(over[0]!.largest)}); the response curve there is extrapolated, not measured.`
      : `Beyond the data: ${over.map((c) => `${c.name} at ${money(c.planned)} a ${unit} (most in a fitted ${unit}: ${money(c.largest)})`).join(', ')}; the response curves there are extrapolated, not measured.`;
  return { within: false, beyond: over.map((c) => c.name), summary };
}
