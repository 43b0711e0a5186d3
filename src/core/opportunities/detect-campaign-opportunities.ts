import { computeMatchRate } from '../attribution/compute-match-rate.ts';
import { metricKey } from './metric-key.ts';
import { poissonInterval } from './poisson-interval.ts';
import { rankOpportunity, sufficiencyOf } from './rank-opportunity.ts';
import { roundTo } from './round-to.ts';
import type { DetectorContext, EvidenceFact, OpportunityCandidate } from './types.ts';

/** One ad campaign's last 30 days, store-verified revenue beside the platform's claim. */
export interface CampaignPerformance {
  campaignId: string;
  name: string;
  status: 'ACTIVE' | 'PAUSED';
  spend30: number;
  /** Orders and revenue the store verifies (last touch from the campaign). */
  verifiedOrders30: number;
  verifiedRevenue30: number;
  /** Revenue the platform reports for the campaign. */
  reportedRevenue30: number;
  /** Product the campaign advertises, if one. */
  productId: string | null;
  productTitle: string | null;
  /** Spend on days the advertised product was out of stock. */
  spendOnOutOfStockDays30: number;
  outOfStockDays30: number;
}

/**
 * ROAS above which a campaign is worth scaling (the spec's "good" ROAS). Measured on store-verified
 * revenue, so the platform's over-claiming (the match rate) cannot inflate it.
 */
export const SCALE_ROAS = 2.5;

/** Budget change proposed for a campaign worth scaling (the action, not an impact multiplier). */
export const SCALE_BUDGET_SHARE = 0.2;

/**
 * Campaign opportunities: scale a high-ROAS campaign, cut a losing one, stop spend that lands on an
 * out-of-stock product.
 *
 * Definition (money over the next 30 days, if the last 30 repeat):
 * - ROAS = verified revenue / spend, its range from the 80 % Poisson interval of verified orders
 *   (ROAS·low/n … ROAS·high/n); the match rate (core attribution) is shown as evidence.
 * - scale_campaign: active with verified ROAS > 2.5 and its low end above 1. +20 % budget; net
 *   impact Δspend·(ROAS_low − 1) … Δspend·(ROAS − 1) — marginal returns rarely beat the average.
 * - cut_campaign: active with ROAS < 1. Pausing saves the spend and loses the verified revenue:
 *   spend − revenue·high/n … spend − revenue·low/n (floor 0).
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
    const roas = campaign.verifiedRevenue30 / campaign.spend30;
    const interval = poissonInterval(orders);
    const roasLow = orders > 0 ? (roas * interval.low) / orders : 0;
    const roasHigh = orders > 0 ? (roas * interval.high) / orders : 0;
    const matchRate = computeMatchRate(campaign.reportedRevenue30, campaign.verifiedRevenue30);
    const facts: EvidenceFact[] = [
      { label: 'Spend (last 30 days)', value: roundTo(campaign.spend30, 2), unit: 'currency' },
      { label: 'Store-verified revenue', value: roundTo(campaign.verifiedRevenue30, 2), unit: 'currency' },
      { label: 'Verified orders', value: orders, unit: 'count' },
      { label: 'Platform-reported revenue', value: roundTo(campaign.reportedRevenue30, 2), unit: 'currency' },
      { label: 'ROAS', value: roundTo(roas, 2), unit: 'ratio' },
      { label: 'ROAS range (80 %)', value: `${roundTo(roasLow, 2)}–${roundTo(roasHigh, 2)}`, unit: 'text' },
      { label: 'Match rate', value: roundTo(matchRate, 1), unit: 'percent' },
    ];
    const sufficiency = sufficiencyOf(orders);
    const subject = metricKey('campaign', campaign.campaignId);

    if (roas > SCALE_ROAS && roasLow > 1) {
      const extra = campaign.spend30 * SCALE_BUDGET_SHARE;
      const min = Math.max(0, extra * (roasLow - 1));
      const max = Math.max(min, extra * (roas - 1));
      const rank = rankOpportunity(min, max, context.revenueLast30Days, sufficiency, 'Low');
      candidates.push({
        type: 'scale_campaign',
        subjectKey: campaign.campaignId,
        title: `Scale up "${campaign.name}"`,
        description: `Every dollar spent on ${campaign.name} returned ${roundTo(roas, 2)} in store-verified revenue over the last 30 days. Raising its budget by ${Math.round(SCALE_BUDGET_SHARE * 100)} % should pay for itself.`,
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
    } else if (roas < 1) {
      const min = Math.max(
        0,
        campaign.spend30 - (orders > 0 ? (campaign.verifiedRevenue30 * interval.high) / orders : 0),
      );
      const max = Math.max(
        min,
        campaign.spend30 - (orders > 0 ? (campaign.verifiedRevenue30 * interval.low) / orders : 0),
      );
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
          description: `${campaign.name} spent ${roundTo(campaign.spend30, 0)} for ${roundTo(campaign.verifiedRevenue30, 0)} of store-verified revenue (ROAS ${roundTo(roas, 2)}). Pausing it or moving the budget saves more than it loses.`,
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
      const min = campaign.spendOnOutOfStockDays30;
      const max = Math.max(min, campaign.spendOnOutOfStockDays30 * roas);
      const rank = rankOpportunity(min, max, context.revenueLast30Days, 1, 'Low');
      const product = campaign.productTitle ?? campaign.productId;
      candidates.push({
        type: 'ad_spend_out_of_stock',
        subjectKey: campaign.campaignId,
        title: `Stop "${campaign.name}" while ${product} is out of stock`,
        description: `${campaign.name} advertises ${product}, which was out of stock on ${campaign.outOfStockDays30} of the last 30 days; ${roundTo(campaign.spendOnOutOfStockDays30, 0)} of ad spend sent shoppers to a product they could not buy.`,
        ...rank,
        revenueImpactMin: roundTo(min, 2),
        revenueImpactMax: roundTo(max, 2),
        effortLevel: 'Low',
        metricKey: subject,
        evidence: {
          method:
            "Spend on out-of-stock days saved (low) up to that spend redirected at the campaign's in-stock ROAS (high).",
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
