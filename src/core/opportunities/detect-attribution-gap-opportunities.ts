import { formatMoney } from '../../shared/money.ts';
import { computeMatchRate } from '../attribution/compute-match-rate.ts';
import { labelChannel } from '../attribution/label-channel.ts';
import { metricKey } from './metric-key.ts';
import { rankOpportunity } from './rank-opportunity.ts';
import { roundTo } from './round-to.ts';
import type { DetectorContext, OpportunityCandidate } from './types.ts';

/** A channel's last 30 days: what the platform claims, what the store verifies, what it cost. */
export interface ChannelPerformance {
  channel: string;
  platformRevenue30: number;
  storeRevenue30: number;
  /** null when the channel has no known spend. */
  spend30: number | null;
}

/**
 * Attribution-gap opportunities: channels whose platform claims the store cannot verify.
 *
 * Definition: label 'Attribution gap' from core attribution (match rate < 70 %). Budget decisions
 * on such a channel rest on numbers that are (100 − match) % unverified; impact = the spend that is
 * steered by unverified claims, spend·(1 − match/100), up to the unverified revenue itself,
 * |platform − store|. Channels without spend: 0 … the unverified revenue.
 */
export function detectAttributionGapOpportunities(
  channels: readonly ChannelPerformance[],
  context: DetectorContext,
): OpportunityCandidate[] {
  const candidates: OpportunityCandidate[] = [];
  for (const row of channels) {
    if (row.platformRevenue30 <= 0 && row.storeRevenue30 <= 0) continue;
    const matchRate = computeMatchRate(row.platformRevenue30, row.storeRevenue30);
    const roas = row.spend30 && row.spend30 > 0 ? row.storeRevenue30 / row.spend30 : null;
    if (labelChannel(roas, matchRate) !== 'Attribution gap') continue;
    const unverified = Math.abs(row.platformRevenue30 - row.storeRevenue30);
    const min = row.spend30 ? row.spend30 * (1 - matchRate / 100) : 0;
    const max = Math.max(min, unverified);
    const rank = rankOpportunity(min, max, context.revenueLast30Days, 1, 'High');
    candidates.push({
      type: 'fix_attribution_gap',
      subjectKey: row.channel,
      title: `Fix attribution for ${row.channel.replaceAll('_', ' ')}`,
      description: `Over the last 30 days the store verifies only ${Math.round(matchRate)} % of the revenue ${row.channel.replaceAll('_', ' ')} reports (${formatMoney(row.storeRevenue30, context.currency, { fractionDigits: 0 })} against ${formatMoney(row.platformRevenue30, context.currency, { fractionDigits: 0 })}). Fix tracking (UTM tags, pixel and consent setup) before moving budget on these numbers.`,
      ...rank,
      revenueImpactMin: roundTo(min, 2),
      revenueImpactMax: roundTo(max, 2),
      effortLevel: 'High',
      metricKey: metricKey('channel', row.channel),
      evidence: {
        method:
          'Spend steered by unverified claims, spend × (1 − match rate), up to the unverified revenue |platform − store| over the last 30 days.',
        facts: [
          { label: 'Platform-reported revenue', value: roundTo(row.platformRevenue30, 2), unit: 'currency' },
          { label: 'Store-verified revenue', value: roundTo(row.storeRevenue30, 2), unit: 'currency' },
          { label: 'Match rate', value: roundTo(matchRate, 1), unit: 'percent' },
          ...(row.spend30 !== null
            ? [{ label: 'Spend (last 30 days)', value: roundTo(row.spend30, 2), unit: 'currency' as const }]
            : []),
        ],
      },
    });
  }
  return candidates;
}
