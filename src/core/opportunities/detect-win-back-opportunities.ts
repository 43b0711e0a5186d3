import { wilsonInterval } from '../stats/wilson-interval.ts';
import { metricKey } from './metric-key.ts';
import { rankOpportunity, sufficiencyOf } from './rank-opportunity.ts';
import { roundTo } from './round-to.ts';
import type { DetectorContext, OpportunityCandidate } from './types.ts';

/** A customer as the lifetime models see them. */
export interface ScoredCustomer {
  segment: string;
  /** BG/NBD P(alive) at asOf. */
  probabilityAlive: number;
  /** Expected 12-month value if the customer is still active (BG/NBD × Gamma-Gamma, undiscounted). */
  valueIfActive: number;
}

/** How often a segment's customers came back before: members 90 days ago who ordered since. */
export interface SegmentReactivation {
  segment: string;
  membersThen: number;
  reactivated: number;
}

/** Segments a win-back campaign targets (design §6). */
export const WIN_BACK_SEGMENTS = ['At Risk', "Can't Lose Them"] as const;

/**
 * Win-back opportunities for the At Risk and Can't Lose Them segments.
 *
 * Definition: value at stake = Σ (1 − P(alive)) · valueIfActive over the segment's customers — the
 * 12-month value the models expect to lose to churn. The share a win-back recovers is the
 * segment's own measured reactivation rate (members 90 days earlier who ordered since), with its
 * 80 % Wilson interval as the range: impact = value at stake × [low, high]. No history → no
 * candidate (a guess would not be honest).
 */
export function detectWinBackOpportunities(
  customers: readonly ScoredCustomer[],
  reactivation: readonly SegmentReactivation[],
  context: DetectorContext,
): OpportunityCandidate[] {
  const candidates: OpportunityCandidate[] = [];
  for (const segment of WIN_BACK_SEGMENTS) {
    const members = customers.filter((c) => c.segment === segment);
    const history = reactivation.find((r) => r.segment === segment);
    if (members.length === 0 || !history || history.membersThen === 0) continue;
    let atStake = 0;
    let aliveSum = 0;
    for (const c of members) {
      atStake += (1 - c.probabilityAlive) * c.valueIfActive;
      aliveSum += c.probabilityAlive;
    }
    const rate = wilsonInterval(history.reactivated, history.membersThen);
    const min = atStake * rate.low;
    const max = atStake * rate.high;
    if (max <= 0) continue;
    const rank = rankOpportunity(
      min,
      max,
      context.revenueLast30Days,
      sufficiencyOf(Math.min(members.length, history.membersThen)),
      'Medium',
    );
    candidates.push({
      type: 'win_back_customers',
      subjectKey: segment,
      title: `Win back ${members.length} ${segment} customers`,
      description: `${members.length} customers in ${segment} have an average ${Math.round((100 * aliveSum) / members.length)} % chance of still being active. A targeted win-back offer recovers part of their expected value.`,
      ...rank,
      revenueImpactMin: roundTo(min, 2),
      revenueImpactMax: roundTo(max, 2),
      effortLevel: 'Medium',
      metricKey: metricKey('segment', segment),
      evidence: {
        method:
          "12-month value the BG/NBD and Gamma-Gamma models expect to lose to churn, times the segment's measured reactivation rate (80 % Wilson interval).",
        facts: [
          { label: 'Customers', value: members.length, unit: 'count' },
          {
            label: 'Average P(alive)',
            value: roundTo((100 * aliveSum) / members.length, 1),
            unit: 'percent',
          },
          { label: 'Value at stake (12 months)', value: roundTo(atStake, 2), unit: 'currency' },
          { label: 'Members 90 days ago', value: history.membersThen, unit: 'count' },
          { label: 'Of whom ordered since', value: history.reactivated, unit: 'count' },
          {
            label: 'Reactivation rate',
            value: roundTo((100 * history.reactivated) / history.membersThen, 1),
            unit: 'percent',
          },
        ],
      },
    });
  }
  return candidates;
}
