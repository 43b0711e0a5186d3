import { computeMatchRate } from '../attribution/compute-match-rate.ts';
import { labelChannel } from '../attribution/label-channel.ts';
import { creditOrder } from '../metrics/credit-order.ts';
import { channelOf } from './channel-of.ts';
import { channelOfPlatform } from './channel-of-platform.ts';
import { sumInWindow } from './sum-in-window.ts';
import { touchesOf } from './touches-of.ts';
import type { AnalysisFacts, AttributionRow } from './types.ts';

/**
 * The attribution table of a window (`since` to `asOf`): store revenue credited by the one
 * attribution rule (core creditOrder: last non-direct click over first and last visit), against what Meta
 * (spend, reported value) and GA4 (revenue by source/medium, in the shop currency) claim for the same channel; match
 * rate, ROAS and the label. Highest store revenue first. The spend and ROAS of an ad channel are its
 * platform's (decision 128: Meta's on meta_ads, Google Ads' on google_ads, TikTok's on tiktok_ads);
 * the platform revenue of a channel other than Meta's stays GA4's.
 */
export function computeAttributionRows(facts: AnalysisFacts, since: string, asOf: string): AttributionRow[] {
  const byChannel = new Map<string, number>();
  for (const g of facts.orderDays) {
    if (g.date < since || g.date > asOf) continue;
    const { channel } = creditOrder(touchesOf(g));
    byChannel.set(channel, (byChannel.get(channel) ?? 0) + g.total);
  }
  if (byChannel.size === 0) return [];
  const credits = [...byChannel].map(([channel, value]) => ({ channel, value }));
  const spendOf = new Map<string, number>();
  for (const d of facts.adDaily) {
    const channel = channelOfPlatform(d.platform);
    if (channel === null || d.date < since || d.date > asOf) continue;
    spendOf.set(channel, (spendOf.get(channel) ?? 0) + d.spend);
  }
  const metaDaily = facts.adDaily.filter((d) => d.platform === 'meta');
  const metaClaimed = sumInWindow(metaDaily, since, asOf, (d) => d.reportedValue);
  // A channel whose platform has rows at all (not only in the window) shows its spend, zero included.
  const advertised = new Set(facts.adDaily.flatMap((d) => channelOfPlatform(d.platform) ?? []));
  const ga4ByChannel = new Map<string, number>();
  // A day with no exchange rate for GA4's currency withholds GA4's figures (decision 081).
  let ga4Withheld = false;
  for (const row of facts.ga4Daily) {
    if (row.date < since || row.date > asOf) continue;
    if (row.revenue === null) {
      ga4Withheld = true;
      continue;
    }
    const channel = channelOf(row.source, row.medium, null);
    ga4ByChannel.set(channel, (ga4ByChannel.get(channel) ?? 0) + row.revenue);
  }
  const hasMeta = metaDaily.length > 0;
  const hasGa4 = facts.ga4Daily.length > 0 && !ga4Withheld;
  return credits
    .filter((c) => c.value > 0)
    .map((c) => {
      const spend = advertised.has(c.channel) ? (spendOf.get(c.channel) ?? 0) : null;
      const platformRevenue =
        c.channel === 'meta_ads' && hasMeta
          ? metaClaimed
          : hasGa4
            ? (ga4ByChannel.get(c.channel) ?? 0)
            : null;
      const matchRate = platformRevenue === null ? 100 : computeMatchRate(platformRevenue, c.value);
      const roas = spend !== null && spend > 0 ? c.value / spend : null;
      return {
        channel: c.channel,
        matchRate,
        revenue: c.value,
        platformRevenue,
        spend,
        roas,
        opportunity: labelChannel(roas, matchRate),
      };
    })
    .sort((a, b) => b.revenue - a.revenue);
}
