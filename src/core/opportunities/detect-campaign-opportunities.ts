import { formatMoney } from '../../shared/money.ts';
import { computeMatchRate } from '../attribution/compute-match-rate.ts';
import { campaignRoasRange } from '../metrics/campaign-roas-range.ts';
import { judgeCampaign } from '../metrics/judge-campaign.ts';
import { metricKey } from './metric-key.ts';
import { platformName } from './platform-name.ts';
import { poissonInterval } from './poisson-interval.ts';
import { rankOpportunity, sufficiencyOf } from './rank-opportunity.ts';
import { roundTo } from './round-to.ts';
import type { DetectorContext, EvidenceFact, OpportunityCandidate } from './types.ts';

/** One ad campaign's last 30 days, store-verified revenue beside the platform's claim. */
export interface CampaignPerformance {
  /** 'meta', 'google_ads', 'tiktok_ads' (decision 128). */
  platform: string;
  /** The campaign's adCampaignKey: a Meta campaign's own id, another platform's `platform:id`. */
  campaignId: string;
  name: string;
  status: 'ACTIVE' | 'PAUSED';
  spend30: number;
  /** Orders and their gross totals the store credits to the campaign (core creditOrder). */
  verifiedOrders30: number;
  verifiedRevenue30: number;
  /** Refunds issued in the window on those credited orders. */
  refunds30: number;
  /** Revenue the platform reports for the campaign (its own conversion value, shop currency). */
  reportedRevenue30: number;
  /** Product the campaign advertises, if one. */
  productId: string | null;
  productTitle: string | null;
  /** Spend on days the advertised product was out of stock. */
  spendOnOutOfStockDays30: number;
  outOfStockDays30: number;
}

/** Budget change proposed for a campaign worth scaling (the action, not an impact multiplier). */
export const SCALE_BUDGET_SHARE = 0.2;

/**
 * Campaign opportunities: scale a high-ROAS campaign, cut a losing one, stop spend that lands on an
 * out-of-stock product.
 *
 * Definition (money over the next 30 days, if the last 30 repeat):
 * Every platform's campaigns (decision 128); the texts name the campaign's platform.
 * - ROAS = platform-attributed ROAS (e.g. Meta-attributed), net store-verified revenue / spend (the figure Campaign
 *   Performance shows), its range from the 80 % Poisson interval of verified orders
 *   (campaignRoasRange); the match rate (core attribution) is shown as evidence.
 * - The verdict is core metrics' judgeCampaign, the rule of the labels on Campaign Performance:
 * - scale_campaign: verdict 'Scale up'. +20 % budget; net impact Δspend·(ROAS_low − 1) …
 *   Δspend·(ROAS − 1) — marginal returns rarely beat the average.
 * - cut_campaign: verdict 'Cut'. Pausing saves the spend and loses the net verified revenue:
 *   spend − revenue·high/n … spend − revenue·low/n (floor 0).
 * Money in texts is formatted in the shop currency (`context.currency`).
 * - ad_spend_out_of_stock: spend on days its product was out of stock: saved spend … that spend
 *   redirected at the campaign's ROAS (when above 1).
 */
export function detectCampaignOpportunities(
  campaigns: readonly CampaignPerformance[],
  context: DetectorContext,
): OpportunityCandidate[] {
  const candidates: OpportunityCandidate[] = [];
  for (const campaign of campaigns) {
    if (campaign.status !== 'ACTIVE' || campaign.spend30 <= 0) continue;
    const orders = campaign.verifiedOrders30;
    const netRevenue = campaign.verifiedRevenue30 - campaign.refunds30;
    const range = campaignRoasRange(netRevenue, campaign.spend30, orders);
    if (range === null) continue;
    const { roas, low: roasLow, high: roasHigh } = range;
    const interval = poissonInterval(orders);
    const matchRate = computeMatchRate(campaign.reportedRevenue30, campaign.verifiedRevenue30);
    const verdict = judgeCampaign({
      status: campaign.status,
      spend: campaign.spend30,
      netRevenue,
      verifiedOrders: orders,
      matchRate,
    });
    const attributed = `${platformName(campaign.platform)}-attributed`;
    const money = (amount: number) => formatMoney(amount, context.currency, { fractionDigits: 0 });
    const facts: EvidenceFact[] = [
      { label: 'Spend (last 30 days)', value: roundTo(campaign.spend30, 2), unit: 'currency' },
      { label: 'Store-verified revenue, net of refunds', value: roundTo(netRevenue, 2), unit: 'currency' },
      { label: 'Verified orders', value: orders, unit: 'count' },
      {
        label: `${platformName(campaign.platform)}-reported revenue`,
        value: roundTo(campaign.reportedRevenue30, 2),
        unit: 'currency',
      },
      { label: `ROAS (${attributed})`, value: roundTo(roas, 2), unit: 'ratio' },
      { label: 'ROAS range (80 %)', value: `${roundTo(roasLow, 2)}–${roundTo(roasHigh, 2)}`, unit: 'text' },
      { label: 'Match rate', value: roundTo(matchRate, 1), unit: 'percent' },
    ];
    const sufficiency = sufficiencyOf(orders);
    const subject = metricKey('campaign', campaign.campaignId);

    if (verdict === 'Scale up') {
      const extra = campaign.spend30 * SCALE_BUDGET_SHARE;
      const min = Math.max(0, extra * (roasLow - 1));
      const max = Math.max(min, extra * (roas - 1));
      const rank = rankOpportunity(min, max, context.revenueLast30Days, sufficiency, 'Low');
      candidates.push({
        type: 'scale_campaign',
        subjectKey: campaign.campaignId,
        title: `Scale up "${campaign.name}"`,
        description: `${campaign.name} returned ${roas.toFixed(2)}x its spend in store-verified revenue over the last 30 days (${attributed} ROAS: ${money(netRevenue)} for ${money(campaign.spend30)} of spend). Raising its budget by ${Math.round(SCALE_BUDGET_SHARE * 100)} % should pay for itself.`,
        ...rank,
        revenueImpactMin: roundTo(min, 2),
        revenueImpactMax: roundTo(max, 2),
        effortLevel: 'Low',
        metricKey: subject,
        evidence: {
          method:
            'Net revenue of a +20 % budget: extra spend × (ROAS − 1), at the low end of the 80 % interval of verified orders and at the measured ROAS.',
          facts,
        },
      });
    } else if (verdict === 'Cut') {
      const min = Math.max(0, campaign.spend30 - (orders > 0 ? (netRevenue * interval.high) / orders : 0));
      const max = Math.max(min, campaign.spend30 - (orders > 0 ? (netRevenue * interval.low) / orders : 0));
      if (max > 0) {
        const rank = rankOpportunity(
          min,
          max,
          context.revenueLast30Days,
          sufficiencyOf(Math.max(orders, 3)),
          'Low',
        );
        candidates.push({
          type: 'cut_campaign',
          subjectKey: campaign.campaignId,
          title: `Cut spend on "${campaign.name}"`,
          description: `${campaign.name} spent ${money(campaign.spend30)} for ${money(netRevenue)} of store-verified revenue over the last 30 days (${attributed} ROAS ${roas.toFixed(2)}x). Pausing it or moving the budget saves more than it loses.`,
          ...rank,
          revenueImpactMin: roundTo(min, 2),
          revenueImpactMax: roundTo(max, 2),
          effortLevel: 'Low',
          metricKey: subject,
          evidence: {
            method:
              'Spend saved minus verified revenue lost, with that revenue at the high and low end of the 80 % interval of verified orders.',
            facts,
          },
        });
      }
    }

    if (campaign.productId && campaign.spendOnOutOfStockDays30 > 0) {
      // Savings, not revenue (issue #36): the spend saved, without what it might earn elsewhere.
      const saved = campaign.spendOnOutOfStockDays30;
      const rank = rankOpportunity(saved, saved, context.revenueLast30Days, 1, 'Low');
      const product = campaign.productTitle ?? campaign.productId;
      candidates.push({
        type: 'ad_spend_out_of_stock',
        subjectKey: campaign.campaignId,
        title: `Stop "${campaign.name}" while ${product} is out of stock`,
        description: `${campaign.name} advertises ${product}, which was out of stock on ${campaign.outOfStockDays30} of the last 30 days; ${money(campaign.spendOnOutOfStockDays30)} of ad spend sent shoppers to a product they could not buy.`,
        ...rank,
        revenueImpactMin: roundTo(saved, 2),
        revenueImpactMax: roundTo(saved, 2),
        effortLevel: 'Low',
        metricKey: subject,
        evidence: {
          method:
            'Spend on out-of-stock days saved (savings, not revenue: what that budget might earn elsewhere is not counted).',
          facts: [
            { label: 'Advertised product', value: product, unit: 'text' },
            { label: 'Out-of-stock days (last 30)', value: campaign.outOfStockDays30, unit: 'days' },
            {
              label: 'Spend on those days',
              value: roundTo(campaign.spendOnOutOfStockDays30, 2),
              unit: 'currency',
            },
            ...facts,
          ],
        },
      });
    }
  }
  return candidates;
}
