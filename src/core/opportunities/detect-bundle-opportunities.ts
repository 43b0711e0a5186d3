import { formatMoney } from '../../shared/money.ts';
import { metricKey } from './metric-key.ts';
import { rankOpportunity, sufficiencyOf } from './rank-opportunity.ts';
import { roundTo } from './round-to.ts';
import type { DetectorContext, OpportunityCandidate } from './types.ts';

/** A product pair bought together over the detector's window (`src/core/baskets`, decision 116). */
export interface BundlePair {
  a: { productId: string; title: string };
  b: { productId: string; title: string };
  lift: number;
  /** Share of the baskets holding A that also hold B. */
  confidence: number;
  /** Baskets holding both, and baskets holding each, over the window. */
  together: number;
  withA: number;
  withB: number;
  /** Each product's average net line revenue and line contribution per basket holding it (major units). */
  aLine: ProductLine;
  bLine: ProductLine;
}

export interface ProductLine {
  revenue: number;
  contribution: number;
}

/** The stated rule of decision 127. */
export const BUNDLE_RULE = {
  /** Days the pairs are counted over; impacts are per 30 days. */
  windowDays: 90,
  /** A pair is a bundle candidate from this lift up (bought together twice as often as chance). */
  minLift: 2,
  /** The strongest pairs only: a bundle page with more is not a decision. */
  maxPairs: 3,
  /** Share of the baskets holding one of the two alone that take the other as a bundle: low … high. */
  uptakeLow: 0.1,
  uptakeHigh: 0.3,
} as const;

/**
 * Bundle opportunities from the pairs customers already buy together (issue #44).
 *
 * Definition: the pairs with lift ≥ 2, strongest first, at most 3. Per 30 days (÷ 3 of the 90-day
 * window), the baskets holding one of the two without the other; offered the bundle, 10 % … 30 % of
 * them add the missing product (an assumption, stated, not measured: implementing records the
 * baseline that measures it). Revenue impact = those extra lines × the added product's average net
 * line revenue; profit impact = × its average line contribution (price − discounts − refunds − cost
 * of goods), the pair's own contribution margin, not the store's rate — estimated, before any
 * bundle discount, and with no shipping or fee added since the line rides in an order that ships
 * anyway.
 */
export function detectBundleOpportunities(
  pairs: readonly BundlePair[],
  context: DetectorContext,
): OpportunityCandidate[] {
  const money = (amount: number) => formatMoney(amount, context.currency, { fractionDigits: 0 });
  const perMonth = 30 / BUNDLE_RULE.windowDays;
  return pairs
    .filter((p) => p.lift >= BUNDLE_RULE.minLift)
    .sort((x, y) => y.lift - x.lift || y.together - x.together)
    .slice(0, BUNDLE_RULE.maxPairs)
    .flatMap((pair): OpportunityCandidate[] => {
      const aAlone = (pair.withA - pair.together) * perMonth;
      const bAlone = (pair.withB - pair.together) * perMonth;
      const alone = aAlone + bAlone;
      // Per 30 days at full uptake: B added to the A-alone baskets, A to the B-alone ones.
      const full = (key: keyof ProductLine) => aAlone * pair.bLine[key] + bAlone * pair.aLine[key];
      const revenueMin = full('revenue') * BUNDLE_RULE.uptakeLow;
      const revenueMax = full('revenue') * BUNDLE_RULE.uptakeHigh;
      if (!(revenueMax > 0)) return [];
      const rank = rankOpportunity(
        revenueMin,
        revenueMax,
        context.revenueLast30Days,
        sufficiencyOf(pair.together),
        'Low',
      );
      const profitMin = full('contribution') * BUNDLE_RULE.uptakeLow;
      const profitMax = full('contribution') * BUNDLE_RULE.uptakeHigh;
      return [
        {
          type: 'bundle_products',
          subjectKey: `${pair.a.productId}+${pair.b.productId}`,
          title: `Bundle ${pair.a.title} with ${pair.b.title}`,
          description: `${Math.round(pair.confidence * 100)} % of orders with ${pair.a.title} also hold ${pair.b.title}, ${pair.lift.toFixed(1)}× as often as chance. Offered as a bundle to the ${Math.round(alone)} orders a month that hold one without the other, it would add an estimated ${money(profitMin)}–${money(profitMax)} in contribution margin.`,
          ...rank,
          revenueImpactMin: roundTo(revenueMin, 2),
          revenueImpactMax: roundTo(revenueMax, 2),
          profitImpact: { min: roundTo(profitMin, 2), max: roundTo(profitMax, 2) },
          effortLevel: 'Low',
          metricKey: metricKey('store', 'all'),
          evidence: {
            method: `Estimated. Per 30 days: the orders holding one of the two without the other (last 90 days ÷ 3), of which 10 % (low) to 30 % (high) take the other as a bundle, each adding its average line revenue and line contribution (price − discounts − refunds − cost of goods), before any bundle discount.`,
            facts: [
              { label: 'Lift', value: roundTo(pair.lift, 2), unit: 'ratio' },
              {
                label: `Orders with ${pair.a.title} that hold ${pair.b.title}`,
                value: roundTo(pair.confidence * 100, 1),
                unit: 'percent',
              },
              { label: 'Orders with both (90 days)', value: pair.together, unit: 'count' },
              {
                label: 'Orders with one without the other (90 days)',
                value: pair.withA + pair.withB - 2 * pair.together,
                unit: 'count',
              },
              ...[pair.a, pair.b].map((product, i) => ({
                label: `${product.title}: contribution per order line`,
                value: roundTo((i === 0 ? pair.aLine : pair.bLine).contribution, 2),
                unit: 'currency' as const,
              })),
            ],
          },
        },
      ];
    });
}
