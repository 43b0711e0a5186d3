import { formatChannel } from './format-channel.ts';
import { formatMoney } from './format-money.ts';
import { gradeSeverity } from './grade-severity.ts';
import type { InsightContext, InsightFinding } from './types.ts';

/** Match rate below which a channel has an attribution gap (design §6 label 'Attribution gap'). */
export const GAP_MATCH_RATE = 70;

/** The channels of the ad platforms Campaign Performance lists (core channelOfPlatform's names). */
const AD_CHANNELS = new Set(['meta_ads', 'google_ads', 'tiktok_ads']);

/**
 * Attribution gaps: channels whose platform-reported revenue and store-verified revenue disagree.
 *
 * Definition: matchRate = min(platform, store) / max(platform, store) in percent over the last 30
 * days (design §6); a gap when matchRate < 70. The money at stake is |platform − store|; severity
 * grades it against the period's revenue. Budget decisions made on the platform's figure are off
 * by that much, so it is bad news whichever side is larger.
 */
export function describeAttributionGaps(
  rows: readonly { channel: string; matchRate: number; revenue: number; platformRevenue: number | null }[],
  context: InsightContext,
): InsightFinding[] {
  const money = (value: number) => formatMoney(value, context.currency);
  return rows
    .filter((r) => r.platformRevenue !== null && r.matchRate < GAP_MATCH_RATE)
    .map((r) => ({ row: r, gap: Math.abs((r.platformRevenue ?? 0) - r.revenue) }))
    .sort((a, b) => b.gap - a.gap)
    .map(({ row, gap }): InsightFinding => {
      const platform = row.platformRevenue ?? 0;
      const claimsMore = platform > row.revenue;
      return {
        id: `attribution_gap:${row.channel}`,
        kind: 'attribution_gap',
        severity: gradeSeverity(gap, context.periodRevenue),
        tone: 'negative',
        title: `Attribution gap on ${formatChannel(row.channel)}`,
        narrative:
          `In the last 30 days ${formatChannel(row.channel)} reported ${money(platform)} of revenue while your store verified ` +
          `${money(row.revenue)}: a ${row.matchRate.toFixed(0)} % match, ${money(gap)} ${claimsMore ? 'over-claimed' : 'under-reported'}.`,
        impact: gap,
        evidence: [
          { label: 'Platform-reported revenue (30 days)', value: platform, unit: 'currency' },
          { label: 'Store-verified revenue (30 days)', value: row.revenue, unit: 'currency' },
          { label: 'Match rate', value: row.matchRate, unit: 'percent' },
        ],
        // Every ad platform's campaigns are on Campaign Performance (decisions 099, 128).
        link: AD_CHANNELS.has(row.channel)
          ? { href: '/campaigns', label: 'See campaign performance' }
          : { href: '/', label: 'See channel attribution' },
      };
    });
}
