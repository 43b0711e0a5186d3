import type { ChannelCredit } from './types.ts';

/**
 * Turns per-channel totals into a stable list: most conversions first, then by channel name.
 * Every channel seen in the paths is listed, with 0 when it earned nothing.
 */
export function sortCredits(
  totals: ReadonlyMap<string, { conversions: number; value: number }>,
): ChannelCredit[] {
  return [...totals]
    .map(([channel, t]) => ({ channel, conversions: t.conversions, value: t.value }))
    .sort(
      (p, q) => q.conversions - p.conversions || (p.channel < q.channel ? -1 : p.channel > q.channel ? 1 : 0),
    );
}
