import { quantileType7 } from '../stats/quantile-type7.ts';
import { metricKey } from './metric-key.ts';
import { rankOpportunity, sufficiencyOf } from './rank-opportunity.ts';
import { roundTo } from './round-to.ts';
import type { DetectorContext, OpportunityCandidate } from './types.ts';

/** A monthly acquisition cohort and how many of it placed a second order within 90 days. */
export interface SecondOrderCohort {
  cohort: string;
  customers: number;
  secondOrders: number;
}

export interface SecondOrderFacts {
  /** Fully observed cohorts (≥ 90 days old), oldest first. */
  cohorts: SecondOrderCohort[];
  /** New customers in the last 30 days. */
  newCustomers30: number;
  /** Mean value of second orders. */
  averageSecondOrderValue: number;
}

/**
 * Lift second-order conversion to what the store already achieved with its better cohorts.
 *
 * Definition: current = the latest fully observed cohort's 90-day second-order rate; targets = the
 * median and upper quartile of the earlier cohorts' rates (the store's own benchmark, not an
 * industry number). Impact over the next 30 days of new customers: new·(median − current)·AOV₂ …
 * new·(Q3 − current)·AOV₂ (floors 0); nothing when current already reaches Q3. Needs ≥ 4 cohorts.
 */
export function detectSecondOrderOpportunity(
  facts: SecondOrderFacts,
  context: DetectorContext,
): OpportunityCandidate[] {
  const usable = facts.cohorts.filter((c) => c.customers > 0);
  if (usable.length < 4 || facts.newCustomers30 <= 0 || facts.averageSecondOrderValue <= 0) return [];
  const latest = usable[usable.length - 1]!;
  const current = latest.secondOrders / latest.customers;
  const earlier = usable
    .slice(0, -1)
    .map((c) => c.secondOrders / c.customers)
    .sort((a, b) => a - b);
  const median = quantileType7(earlier, 0.5);
  const upper = quantileType7(earlier, 0.75);
  if (current >= upper) return [];
  const perPoint = facts.newCustomers30 * facts.averageSecondOrderValue;
  const min = Math.max(0, (median - current) * perPoint);
  const max = Math.max(min, (upper - current) * perPoint);
  const rank = rankOpportunity(
    min,
    max,
    context.revenueLast30Days,
    sufficiencyOf(latest.customers),
    'Medium',
  );
  return [
    {
      type: 'second_order_conversion',
      subjectKey: 'store',
      title: 'Lift second-order conversion',
      description: `Only ${roundTo(100 * current, 1)} % of the ${latest.cohort} cohort ordered again within 90 days, against ${roundTo(100 * upper, 1)} % for your better cohorts. A post-purchase flow for first-time buyers closes the gap.`,
      ...rank,
      revenueImpactMin: roundTo(min, 2),
      revenueImpactMax: roundTo(max, 2),
      effortLevel: 'Medium',
      metricKey: metricKey('repeat', 'all'),
      evidence: {
        method:
          "New customers of the next 30 days × (the store's median and upper-quartile cohort second-order rate − the current rate) × average second-order value.",
        facts: [
          { label: 'Latest cohort', value: latest.cohort, unit: 'text' },
          { label: 'Current second-order rate', value: roundTo(100 * current, 1), unit: 'percent' },
          { label: 'Median cohort rate', value: roundTo(100 * median, 1), unit: 'percent' },
          { label: 'Upper-quartile cohort rate', value: roundTo(100 * upper, 1), unit: 'percent' },
          { label: 'New customers (last 30 days)', value: facts.newCustomers30, unit: 'count' },
          {
            label: 'Average second-order value',
            value: roundTo(facts.averageSecondOrderValue, 2),
            unit: 'currency',
          },
        ],
      },
    },
  ];
}
