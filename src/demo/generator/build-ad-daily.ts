import { splitByLargestRemainder } from '../../core/profit/split-by-largest-remainder.ts';
import { dayToIso } from '../calendar.ts';
import type { MetaAd, MetaAdDailyRow, MetaDailyRow } from '../meta-model.ts';
import { hashString, mixSeeds, Rng } from '../prng.ts';

/**
 * Splits each campaign day among the campaign's ads (issue #44, decision 121) with its own PRNG
 * stream, so no other planted figure moves. Spend, impressions, clicks, purchases and their value
 * are split by the largest remainder: the ads of a campaign sum to its day exactly (to the cent).
 * The fatiguing ad, from its onset, reaches the same people more often (frequency × 1.6) and
 * draws fewer clicks per impression (× 0.45) and fewer purchases per click (× 0.5); the other
 * ads of its campaign take up what it loses. Reach is not additive across ads and is not split.
 */

const FATIGUE = { frequency: 1.6, ctr: 0.45, conversion: 0.5 } as const;

export function buildAdDaily(
  daily: readonly MetaDailyRow[],
  ads: readonly MetaAd[],
  seed: number,
  fatigue: { adIndex: number; onsetDay: number },
  startDay: number,
): MetaAdDailyRow[] {
  const rng = new Rng(mixSeeds(seed, hashString('meta-ads')));
  const adsOf = new Map<number, MetaAd[]>();
  for (const ad of ads) adsOf.set(ad.campaignIndex, [...(adsOf.get(ad.campaignIndex) ?? []), ad]);
  const hookRate = ads.map(() => rng.uniform(0.22, 0.38));
  const fatigueFrom = dayToIso(startDay + fatigue.onsetDay);
  const rows: MetaAdDailyRow[] = [];
  for (const row of daily) {
    const campaignAds = adsOf.get(row.campaignIndex) ?? [];
    const weights = campaignAds.map((ad) => ad.share * rng.noise(0.08));
    const tired = campaignAds.map((ad) => ad.index === fatigue.adIndex && row.day >= fatigueFrom);
    const spend = splitByLargestRemainder(row.spendMinor, weights);
    const impressions = splitByLargestRemainder(row.impressions, weights);
    const clickWeights = impressions.map((n, j) => n * rng.noise(0.06) * (tired[j] ? FATIGUE.ctr : 1));
    const clicks = splitByLargestRemainder(row.clicks, clickWeights);
    const purchaseWeights = clicks.map((n, j) => n * rng.noise(0.06) * (tired[j] ? FATIGUE.conversion : 1));
    const purchases = splitByLargestRemainder(row.reportedPurchases, purchaseWeights);
    const value = splitByLargestRemainder(row.reportedPurchaseValueMinor, purchases);
    const campaignFrequency = row.reach > 0 ? row.impressions / row.reach : 1;
    campaignAds.forEach((ad, j) => {
      const frequency = campaignFrequency * rng.noise(0.03) * (tired[j] ? FATIGUE.frequency : 1);
      const plays =
        ad.format === 'video' ? Math.round(impressions[j]! * hookRate[ad.index]! * rng.noise(0.05)) : 0;
      rows.push({
        adIndex: ad.index,
        campaignIndex: row.campaignIndex,
        day: row.day,
        spendMinor: spend[j]!,
        impressions: impressions[j]!,
        reach: Math.min(impressions[j]!, Math.round(impressions[j]! / Math.max(1, frequency))),
        clicks: clicks[j]!,
        reportedPurchases: purchases[j]!,
        reportedPurchaseValueMinor: value[j]!,
        videoPlays3s: plays,
        thruplays: Math.round(plays * 0.3),
      });
    });
  }
  return rows;
}
