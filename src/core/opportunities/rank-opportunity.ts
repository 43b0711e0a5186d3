import type { EffortLevel, OpportunityPriority } from './types.ts';

/** Least confidence of a high- and of a medium-priority opportunity. */
export const HIGH_CONFIDENCE = 0.5;
export const MEDIUM_CONFIDENCE = 0.25;

export interface OpportunityRank {
  priority: OpportunityPriority;
  confidenceScore: number;
}

/**
 * Priority and confidence of a candidate from its impact range.
 *
 * Definition: confidence = 1 − (max − min)/(max + min) — how tight the model's range is — times
 * `dataSufficiency` (0–1, from the detector's sample size), clamped to [0.05, 0.95]. Priority:
 * high when the upper impact is ≥ 3 % of the store's last-30-day revenue and confidence ≥ 0.5;
 * medium when ≥ 1 % and confidence ≥ 0.25 (issue 20: a 5 %-confidence guess is never ranked above
 * Low, however large its upper end); otherwise low. A low-effort change with an upper impact
 * ≥ 5 % rises from medium to high. A store-relative scale keeps a $500 win meaningful for a small
 * shop and noise for a large one.
 */
export function rankOpportunity(
  revenueImpactMin: number,
  revenueImpactMax: number,
  revenueLast30Days: number,
  dataSufficiency: number,
  effort: EffortLevel,
): OpportunityRank {
  const low = Math.max(0, revenueImpactMin);
  const high = Math.max(low, revenueImpactMax);
  const tightness = high + low > 0 ? 1 - (high - low) / (high + low) : 0;
  const sufficiency = Math.min(1, Math.max(0, dataSufficiency));
  const confidenceScore = Math.min(0.95, Math.max(0.05, tightness * sufficiency));
  const share = revenueLast30Days > 0 ? high / revenueLast30Days : 0;
  let priority: OpportunityPriority = 'low';
  if (share >= 0.03 && confidenceScore >= HIGH_CONFIDENCE) priority = 'high';
  else if (share >= 0.01 && confidenceScore >= MEDIUM_CONFIDENCE) priority = 'medium';
  // A one-click change with a large upside is worth doing now even when its range is wide.
  if (priority === 'medium' && effort === 'Low' && share >= 0.05) priority = 'high';
  return { priority, confidenceScore: Math.round(confidenceScore * 1000) / 1000 };
}

/** Sufficiency of n observations: 1 − 1/√(n + 1), so 3 orders → 0.5, 99 → 0.9. */
export function sufficiencyOf(n: number): number {
  return n > 0 ? 1 - 1 / Math.sqrt(n + 1) : 0;
}
