import { formatMoney } from '../../shared/money.ts';
import { metricKey } from './metric-key.ts';
import { rankOpportunity } from './rank-opportunity.ts';
import { roundTo } from './round-to.ts';
import type { DetectorContext, OpportunityCandidate } from './types.ts';

/** Actual revenue of a recent window beside what the forecast made before it expected. */
export interface ForecastCheck {
  windowStart: string;
  windowEnd: string;
  actual: number;
  expected: number;
  lower80: number;
  lower95: number;
  upper95: number;
}

/**
 * Revenue anomaly: a recent window that fell below the forecast's 95 % interval.
 *
 * Definition: when actual < lower95 of a forecast made before the window, the shortfall is real
 * beyond the model's own uncertainty; impact = lower80 − actual … expected − actual (what finding
 * and fixing the cause recovers if it repeats over the next window). Above the interval is good
 * news, not an opportunity.
 */
export function detectRevenueAnomaly(
  check: ForecastCheck | null,
  context: DetectorContext,
): OpportunityCandidate[] {
  if (!check || !(check.actual < check.lower95) || check.expected <= 0) return [];
  const min = Math.max(0, check.lower80 - check.actual);
  const max = Math.max(min, check.expected - check.actual);
  const shortfall = (100 * (check.expected - check.actual)) / check.expected;
  const rank = rankOpportunity(min, max, context.revenueLast30Days, 1, 'Medium');
  return [
    {
      type: 'revenue_anomaly',
      subjectKey: 'store',
      title: `Revenue ${Math.round(shortfall)} % below forecast`,
      description: `Revenue from ${check.windowStart} to ${check.windowEnd} was ${formatMoney(check.actual, context.currency, { fractionDigits: 0 })}, below the forecast's 95 % range (expected ${formatMoney(check.expected, context.currency, { fractionDigits: 0 })}). Check checkout, payments, stock and campaigns for what changed.`,
      ...rank,
      revenueImpactMin: roundTo(min, 2),
      revenueImpactMax: roundTo(max, 2),
      effortLevel: 'Medium',
      metricKey: metricKey('store', 'all'),
      evidence: {
        method:
          'Shortfall against the forecast made before the window: to its 80 % lower bound (low) and to its mean (high).',
        facts: [
          { label: 'Window', value: `${check.windowStart} – ${check.windowEnd}`, unit: 'text' },
          { label: 'Actual revenue', value: roundTo(check.actual, 2), unit: 'currency' },
          { label: 'Forecast', value: roundTo(check.expected, 2), unit: 'currency' },
          { label: '95 % lower bound', value: roundTo(check.lower95, 2), unit: 'currency' },
          { label: 'Shortfall', value: roundTo(shortfall, 1), unit: 'percent' },
        ],
      },
    },
  ];
}
