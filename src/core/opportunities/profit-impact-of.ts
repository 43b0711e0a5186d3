import { formatMoney } from '../../shared/money.ts';
import { campaignRoasRange } from '../metrics/campaign-roas-range.ts';
import { SCALE_BUDGET_SHARE } from './detect-campaign-opportunities.ts';
import { roundTo } from './round-to.ts';
import type { OpportunityCandidate } from './types.ts';

/** Units sold and, of them, units whose cost is known (entered or from Shopify, not estimated). */
export interface UnitCoverage {
  unitsSold: number;
  unitsWithCost: number;
}

/** A campaign's last 30 days in profit terms (shop currency, major units). */
export interface CampaignProfit {
  spend: number;
  /** Contribution before marketing of its credited orders (decision 025). */
  contribution: number;
  verifiedOrders: number;
  /** Cost coverage of its credited orders' units. */
  coverage: UnitCoverage;
}

/** What the profit impact of every candidate is computed from, over the detectors' 30 days. */
export interface OpportunityProfitContext {
  currency: string;
  /** Store contribution before marketing ÷ net sales; null when net sales were not positive. */
  contributionRate: number | null;
  /** By Meta campaign id. */
  campaigns: ReadonlyMap<string, CampaignProfit>;
  /** Cost coverage of the store's units over the same days (what the contribution rate rests on). */
  coverage: UnitCoverage;
}

export interface ProfitImpact {
  profitImpactMin: number | null;
  profitImpactMax: number | null;
  /** The action would lose money even at the favourable end of its range. */
  losesMoney: boolean;
  /** Why it loses money, in a sentence with money in the shop currency; null otherwise. */
  profitNote: string | null;
  /**
   * The cost coverage the profit impact rests on: the campaign's credited orders for a campaign
   * action, the store's units otherwise; below full, part of it is estimated. Null with no impact.
   */
  profitCoverage: UnitCoverage | null;
}

/** The actions priced from their campaign's own orders rather than the store's contribution rate. */
const CAMPAIGN_ACTIONS: ReadonlySet<string> = new Set([
  'scale_campaign',
  'cut_campaign',
  'ad_spend_out_of_stock',
]);

/**
 * The profit impact of an opportunity: the contribution (before marketing, decision 025) its
 * action should add over the same next 30 days as its revenue impact.
 *
 * Definition (decision 026):
 * - campaign actions use the campaign's POAS (contribution ÷ spend) and its 80 % range from the
 *   verified orders (`campaignRoasRange` over contribution): scale_campaign +20 % budget →
 *   Δspend·(POAS_low − 1) … Δspend·(POAS − 1); cut_campaign saves the spend and loses the
 *   contribution → spend·(1 − POAS_high) … spend·(1 − POAS_low); ad_spend_out_of_stock saves the
 *   spend → saved … saved·max(1, POAS);
 * - a candidate its detector priced in contribution itself (`profitImpact`, decision 127) keeps it,
 *   lower figure first;
 * - every other action adds revenue, which becomes contribution at the store's rate:
 *   revenue impact × contribution rate (null when the rate is unknown);
 * - an action whose upper profit impact is below zero loses money: `losesMoney`, with a note
 *   saying so (the opportunity is then not ranked on its revenue);
 * - the impact carries the cost coverage of the units it was computed from, so a figure resting on
 *   the default margin is shown as estimated.
 */
export function profitImpactOf(
  candidate: OpportunityCandidate,
  context: OpportunityProfitContext,
): ProfitImpact {
  const money = (amount: number) => formatMoney(amount, context.currency, { fractionDigits: 0 });
  const campaign = context.campaigns.get(candidate.subjectKey);
  let min: number | null = null;
  let max: number | null = null;
  let note: string | null = null;
  let coverage = context.coverage;
  const range = campaign
    ? campaignRoasRange(campaign.contribution, campaign.spend, campaign.verifiedOrders)
    : null;
  if (campaign && range && CAMPAIGN_ACTIONS.has(candidate.type)) coverage = campaign.coverage;
  if (candidate.profitImpact) {
    // Ordered: with a negative contribution per order, the larger uptake is the lower figure.
    min = Math.min(candidate.profitImpact.min, candidate.profitImpact.max);
    max = Math.max(candidate.profitImpact.min, candidate.profitImpact.max);
    note = `Doing this would lose money: the orders it would add bring in less than their cost of goods, shipping and fees (about ${money(-max)} or more over 30 days).`;
  } else if (candidate.type === 'scale_campaign' && campaign && range) {
    const extra = campaign.spend * SCALE_BUDGET_SHARE;
    min = extra * (range.low - 1);
    max = Math.max(min, extra * (range.roas - 1));
    note = `Scaling it up would lose money: its orders bring back ${range.roas.toFixed(2)}x their ad spend in contribution after cost of goods, shipping and fees (POAS below 1), so ${money(extra)} more budget would lose about ${money(-max)}.`;
  } else if (candidate.type === 'cut_campaign' && campaign && range) {
    min = campaign.spend * (1 - range.high);
    max = Math.max(min, campaign.spend * (1 - range.low));
    note = `Cutting it would lose money: its orders bring back ${range.roas.toFixed(2)}x their ad spend in contribution (POAS above 1), more than the ${money(campaign.spend)} it costs.`;
  } else if (candidate.type === 'ad_spend_out_of_stock' && campaign && range) {
    min = candidate.revenueImpactMin;
    max = Math.max(min, candidate.revenueImpactMin * range.roas);
  } else if (context.contributionRate !== null) {
    min = candidate.revenueImpactMin * context.contributionRate;
    max = candidate.revenueImpactMax * context.contributionRate;
    note = `At the store's contribution margin of ${(context.contributionRate * 100).toFixed(1)} % of net sales, the extra revenue would not cover its costs.`;
  }
  if (min === null || max === null)
    return {
      profitImpactMin: null,
      profitImpactMax: null,
      losesMoney: false,
      profitNote: null,
      profitCoverage: null,
    };
  const losesMoney = max < 0;
  return {
    profitImpactMin: roundTo(min, 2),
    profitImpactMax: roundTo(max, 2),
    losesMoney,
    profitNote: losesMoney ? note : null,
    profitCoverage: coverage,
  };
}
