import { addDays, daysBetween } from '../../shared/calendar.ts';
import type { MmmInput } from './types.ts';

const WEEK = 7;

/** One shop day's sales lines, in minor units of the shop currency (as the profit rollup keeps them). */
export interface DailySales {
  day: string;
  grossSales: number;
  discounts: number;
  returns: number;
}

/** One ad channel's spend per shop day 'YYYY-MM-DD', in minor units (a missing day spent nothing). */
export interface DailyChannelSpend {
  name: string;
  daily: ReadonlyMap<string, number>;
}

/**
 * The weekly series a shop's marketing-mix model is fitted on (issue #41, decision 110): net sales
 * per week and each channel's spend per week, in major units, over `weeks` whole weeks starting on
 * `from`. The one definition the Measurement endpoint and the demo bench both fit.
 *
 * Definition: week w covers days [from + 7w, from + 7w + 6]; target_w = Σ (grossSales − discounts −
 * returns) / scale over its days (net sales, Shopify's definition, decision 088), spend_c,w =
 * Σ spend_c,d / scale. Days outside the weeks are left out; a day without a row adds nothing.
 * Reference: Jin, Wang, Sun, Chan & Koehler (2017), "Bayesian Methods for Media Mix Modeling with
 * Carryover and Shape Effects", Google Inc., §2 (weekly national sales and media spend).
 *
 * @param scale minor units per major unit (10 ** currency digits).
 * @example weeklyMmmInput('2026-01-05', 1, [{ day: '2026-01-06', grossSales: 1000, discounts: 100, returns: 0 }], [], 100)
 *   // { dates: ['2026-01-05'], target: [9], channels: [] }
 */
export function weeklyMmmInput(
  from: string,
  weeks: number,
  sales: readonly DailySales[],
  channels: readonly DailyChannelSpend[],
  scale: number,
): MmmInput {
  const dates = Array.from({ length: weeks }, (_, w) => addDays(from, w * WEEK));
  const weekOf = (day: string) => {
    const w = Math.floor(daysBetween(from, day) / WEEK);
    return w >= 0 && w < weeks ? w : null;
  };
  const target = new Array<number>(weeks).fill(0);
  for (const day of sales) {
    const w = weekOf(day.day);
    if (w !== null) target[w]! += (day.grossSales - day.discounts - day.returns) / scale;
  }
  return {
    dates,
    target,
    channels: channels.map((channel) => {
      const spend = new Array<number>(weeks).fill(0);
      for (const [day, minor] of channel.daily) {
        const w = weekOf(day);
        if (w !== null) spend[w]! += minor / scale;
      }
      return { name: channel.name, spend };
    }),
  };
}
