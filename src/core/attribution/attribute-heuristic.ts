import type { JourneyPath } from '../types.ts';
import { sortCredits } from './sort-credits.ts';
import type { ChannelCredit, HeuristicModel } from './types.ts';

/** Channel name treated as "direct" by last non-direct (case-insensitive). */
export const DIRECT_CHANNEL = 'direct';

/**
 * Rule-based attribution of each path's conversions and value to its touches.
 *
 * Definition, per converting path with touches c₁…cₙ:
 * - first: all to c₁; last: all to cₙ;
 * - last-non-direct: all to the last touch not named 'direct' (to 'direct' when all are);
 * - linear: 1/n to each touch (a channel touched twice gets two shares);
 * - position (U-shaped, 40/20/40): n = 1 → 100 %; n = 2 → 50/50; else 40 % first, 40 % last and
 *   20 % split evenly over the middle touches.
 * Reference: Google Analytics' rule-based models; shared/references/analytics.md §4.
 * Method: one pass over paths; credited totals equal the input totals exactly (up to rounding).
 */
export function attributeHeuristic(paths: readonly JourneyPath[], model: HeuristicModel): ChannelCredit[] {
  const totals = new Map<string, { conversions: number; value: number }>();
  const credit = (channel: string, share: number, path: JourneyPath) => {
    const entry = totals.get(channel)!;
    entry.conversions += share * path.conversions;
    entry.value += share * path.value;
  };
  for (const path of paths) {
    for (const channel of path.path)
      if (!totals.has(channel)) totals.set(channel, { conversions: 0, value: 0 });
    const n = path.path.length;
    if (n === 0 || (path.conversions === 0 && path.value === 0)) continue;
    const touches = path.path;
    switch (model) {
      case 'first':
        credit(touches[0]!, 1, path);
        break;
      case 'last':
        credit(touches[n - 1]!, 1, path);
        break;
      case 'last-non-direct': {
        const nonDirect = [...touches].reverse().find((c) => c.toLowerCase() !== DIRECT_CHANNEL);
        credit(nonDirect ?? touches[n - 1]!, 1, path);
        break;
      }
      case 'linear':
        for (const channel of touches) credit(channel, 1 / n, path);
        break;
      case 'position':
        if (n === 1) credit(touches[0]!, 1, path);
        else if (n === 2) {
          credit(touches[0]!, 0.5, path);
          credit(touches[1]!, 0.5, path);
        } else {
          credit(touches[0]!, 0.4, path);
          credit(touches[n - 1]!, 0.4, path);
          for (const channel of touches.slice(1, -1)) credit(channel, 0.2 / (n - 2), path);
        }
        break;
    }
  }
  return sortCredits(totals);
}
