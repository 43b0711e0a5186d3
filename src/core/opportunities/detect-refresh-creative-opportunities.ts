import { addDays } from '../../shared/calendar.ts';
import type { CreativePlatform } from '../../shared/contracts/creatives.ts';
import { formatMoney } from '../../shared/money.ts';
import type { FatigueVerdict } from '../creatives/judge-fatigue.ts';
import { metricKey } from './metric-key.ts';
import { platformName } from './platform-name.ts';
import { rankOpportunity, sufficiencyOf } from './rank-opportunity.ts';
import { roundTo } from './round-to.ts';
import type { DetectorContext, OpportunityCandidate } from './types.ts';

/** One ad with its fatigue verdict (`judgeFatigue`, decision 121) and its daily delivery. */
export interface CreativeFacts {
  platform: CreativePlatform;
  adId: string;
  name: string;
  campaignId: string | null;
  fatigue: FatigueVerdict;
  /** Its days up to asOf: spend in the shop currency (major units) and the platform's reported purchases (Google's and TikTok's conversions). */
  days: readonly { date: string; spend: number; purchases: number }[];
  /** Its store-verified orders over the last 30 days: revenue and contribution per order (major). */
  revenuePerOrder: number | null;
  contributionPerOrder: number | null;
}

/** The stated rule of decision 127. */
export const REFRESH_RULE = {
  /** CPA of the last this-many days… */
  compareDays: 14,
  /** …against the CPA of this many days before them (the ad's recent normal). */
  baselineDays: 28,
  /** Least CPA rise worth a refresh. */
  minCpaRise: 0.2,
  /** Least reported purchases in the baseline for its CPA to mean anything. */
  minBaselinePurchases: 5,
  /** Least reported purchases in the last days (with none, CPA is undefined, not high). */
  minRecentPurchases: 1,
  /** Share of the lost purchases a refreshed creative wins back: low … high. */
  recoveryLow: 0.5,
  recoveryHigh: 1,
} as const;

/**
 * "Refresh creative X: CPA up 38 % in 14 days" (issue #44): for each ad the fatigue rule finds
 * wearing out, and only those — on every platform whose ads the rule can judge: Meta and TikTok
 * report reach per ad; Google Ads does not, so its ads stay "cannot judge" (decision 130) and get
 * no refresh opportunity, however their CPA moves.
 *
 * Definition: CPA = spend ÷ the platform's reported purchases (the figures the fatigue rule reads) over the
 * last 14 days up to asOf, against the 28 days before; a rise of at least 20 % (with ≥ 5 purchases
 * in the 28 days and ≥ 1 in the 14) is an opportunity. The fatigue verdict is the gate — its
 * frequency and CTR rest on thousands of impressions — and the CPA says what it costs. Over
 * the next 30 days at the last 14 days' spend rate, the purchases the rise costs = spend₃₀ ÷ CPA
 * before − spend₃₀ ÷ CPA now; a fresh creative wins back 50 % (low) … 100 % (high) of them. Revenue
 * impact = × the ad's store-verified revenue per order, profit impact = × its contribution per
 * order (decision 010's lines before marketing: the spend is the same either way). An ad without
 * verified orders has no per-order figures and is left out.
 */
export function detectRefreshCreativeOpportunities(
  ads: readonly CreativeFacts[],
  context: DetectorContext,
): OpportunityCandidate[] {
  const span = REFRESH_RULE.compareDays;
  const recentFrom = addDays(context.asOf, -(span - 1));
  const earlierFrom = addDays(recentFrom, -REFRESH_RULE.baselineDays);
  return ads.flatMap((ad): OpportunityCandidate[] => {
    if (ad.fatigue.state !== 'wearing_out') return [];
    const platform = platformName(ad.platform);
    if (ad.revenuePerOrder === null || ad.contributionPerOrder === null) return [];
    const sum = (from: string, to: string) => {
      const inSpan = ad.days.filter((d) => d.date >= from && d.date <= to);
      return {
        spend: inSpan.reduce((s, d) => s + d.spend, 0),
        purchases: inSpan.reduce((s, d) => s + d.purchases, 0),
      };
    };
    const recent = sum(recentFrom, context.asOf);
    const earlier = sum(earlierFrom, addDays(recentFrom, -1));
    if (
      recent.purchases < REFRESH_RULE.minRecentPurchases ||
      earlier.purchases < REFRESH_RULE.minBaselinePurchases
    )
      return [];
    const cpaNow = recent.spend / recent.purchases;
    const cpaBefore = earlier.spend / earlier.purchases;
    if (!(cpaBefore > 0) || cpaNow / cpaBefore - 1 < REFRESH_RULE.minCpaRise) return [];
    const rise = cpaNow / cpaBefore - 1;
    const spend30 = (recent.spend * 30) / span;
    const lost = spend30 / cpaBefore - spend30 / cpaNow;
    const low = lost * REFRESH_RULE.recoveryLow;
    const high = lost * REFRESH_RULE.recoveryHigh;
    const revenueMin = low * ad.revenuePerOrder;
    const revenueMax = high * ad.revenuePerOrder;
    if (!(revenueMax > 0)) return [];
    const money = (amount: number) => formatMoney(amount, context.currency, { fractionDigits: 2 });
    const rank = rankOpportunity(
      revenueMin,
      revenueMax,
      context.revenueLast30Days,
      sufficiencyOf(recent.purchases),
      'Medium',
    );
    return [
      {
        type: 'refresh_creative',
        // Meta's ads keep their bare id; another platform's id is prefixed, ids of two platforms may collide.
        subjectKey: ad.platform === 'meta' ? ad.adId : `${ad.platform}:${ad.adId}`,
        title: `Refresh creative ${ad.name}: CPA up ${Math.round(rise * 100)} % in ${span} days`,
        description: `${ad.name} (${platform}) is wearing out: a purchase now costs ${money(cpaNow)} against ${money(cpaBefore)} in the ${REFRESH_RULE.baselineDays} days before. A fresh creative at its spend would win back about ${Math.round(low)}–${Math.round(high)} orders a month.`,
        ...rank,
        revenueImpactMin: roundTo(revenueMin, 2),
        revenueImpactMax: roundTo(revenueMax, 2),
        profitImpact: {
          min: roundTo(low * ad.contributionPerOrder, 2),
          max: roundTo(high * ad.contributionPerOrder, 2),
        },
        effortLevel: 'Medium',
        metricKey: ad.campaignId === null ? metricKey('store', 'all') : metricKey('campaign', ad.campaignId),
        evidence: {
          method: `Estimated. CPA = spend ÷ ${platform}-reported purchases, last ${span} days against the ${REFRESH_RULE.baselineDays} before. At the last ${span} days' spend rate over 30 days, the purchases the rise costs, of which a fresh creative wins back 50 % (low) to 100 % (high), each worth the ad's store-verified revenue and contribution per order.`,
          facts: [
            { label: `CPA, last ${span} days`, value: roundTo(cpaNow, 2), unit: 'currency' },
            {
              label: `CPA, ${REFRESH_RULE.baselineDays} days before`,
              value: roundTo(cpaBefore, 2),
              unit: 'currency',
            },
            { label: 'CPA change', value: roundTo(rise * 100, 1), unit: 'percent' },
            { label: 'Spend per 30 days', value: roundTo(spend30, 2), unit: 'currency' },
            {
              label: 'Contribution per verified order',
              value: roundTo(ad.contributionPerOrder, 2),
              unit: 'currency',
            },
            ...(ad.fatigue.reason
              ? [{ label: 'Fatigue', value: ad.fatigue.reason, unit: 'text' as const }]
              : []),
          ],
        },
      },
    ];
  });
}
