import {
  type ChannelPerformance,
  detectAttributionGapOpportunities,
} from './detect-attribution-gap-opportunities.ts';
import { type CampaignPerformance, detectCampaignOpportunities } from './detect-campaign-opportunities.ts';
import { detectFreeShippingOpportunity, type ShippingOrder } from './detect-free-shipping-opportunity.ts';
import { detectRevenueAnomaly, type ForecastCheck } from './detect-revenue-anomaly.ts';
import { detectSecondOrderOpportunity, type SecondOrderFacts } from './detect-second-order-opportunity.ts';
import { detectStockOpportunities, type StockPosition } from './detect-stock-opportunities.ts';
import {
  detectWinBackOpportunities,
  type ScoredCustomer,
  type SegmentReactivation,
} from './detect-win-back-opportunities.ts';
import type { DetectorContext, OpportunityCandidate } from './types.ts';

/** Everything the detectors read, assembled by the analysis run from warehouse facts and models. */
export interface DetectorInput {
  context: DetectorContext;
  stock: StockPosition[];
  customers: ScoredCustomer[];
  reactivation: SegmentReactivation[];
  campaigns: CampaignPerformance[];
  channels: ChannelPerformance[];
  forecastCheck: ForecastCheck | null;
  secondOrder: SecondOrderFacts;
  shippingOrders: ShippingOrder[];
}

/** Candidates worth less than this share of the last 30 days' revenue are noise, not opportunities. */
export const MIN_IMPACT_SHARE = 0.002;

/**
 * Runs every detector and returns one candidate per (type, subjectKey), largest upper impact first,
 * leaving out those under {@link MIN_IMPACT_SHARE} of the store's monthly revenue.
 * Why one entry point: the analysis run and the tests see the same set, and identity stays unique.
 */
export function detectOpportunities(input: DetectorInput): OpportunityCandidate[] {
  const { context } = input;
  const all = [
    ...detectStockOpportunities(input.stock, context),
    ...detectWinBackOpportunities(input.customers, input.reactivation, context),
    ...detectCampaignOpportunities(input.campaigns, context),
    ...detectAttributionGapOpportunities(input.channels, context),
    ...detectRevenueAnomaly(input.forecastCheck, context),
    ...detectSecondOrderOpportunity(input.secondOrder, context),
    ...detectFreeShippingOpportunity(input.shippingOrders, context),
  ];
  const floor = MIN_IMPACT_SHARE * context.revenueLast30Days;
  const unique = new Map<string, OpportunityCandidate>();
  for (const candidate of all) {
    if (candidate.revenueImpactMax < floor) continue;
    const key = `${candidate.type}|${candidate.subjectKey}`;
    const existing = unique.get(key);
    if (!existing || existing.revenueImpactMax < candidate.revenueImpactMax) unique.set(key, candidate);
  }
  return [...unique.values()].sort((a, b) => b.revenueImpactMax - a.revenueImpactMax);
}
