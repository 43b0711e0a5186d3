import type { JourneyPath } from '../types.ts';
import { sortCredits } from './sort-credits.ts';
import type { ChannelCredit } from './types.ts';

/**
 * Shapley-value attribution over journey paths.
 *
 * Definition: the cooperative game v(S) = conversions of paths whose set of channels ⊆ S. Its
 * Shapley value reduces to φ_c = Σ over converting paths containing c of conversions / |distinct
 * channels of the path| (each path is a unanimity game on its channel set), and likewise for value.
 * Reference: Shapley (1953); Dalessandro et al. (2012) for attribution; the closed form and the
 * hand cases ({a: 4, a>b: 6} → a = 7, b = 3) of shared/references/analytics.md §4.
 * Method: O(total path length); exact, no sampling of orderings.
 */
export function attributeShapley(paths: readonly JourneyPath[]): ChannelCredit[] {
  const totals = new Map<string, { conversions: number; value: number }>();
  for (const path of paths) {
    const distinct = [...new Set(path.path)];
    for (const channel of distinct) {
      const entry = totals.get(channel) ?? { conversions: 0, value: 0 };
      entry.conversions += path.conversions / distinct.length;
      entry.value += path.value / distinct.length;
      totals.set(channel, entry);
    }
  }
  return sortCredits(totals);
}
