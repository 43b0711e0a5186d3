/**
 * Severity of an insight from the money at stake against the period's revenue.
 *
 * Definition: high at ≥ 5 % of the period's revenue, medium at ≥ 1 %, low below; low when the
 * period had no revenue. Why relative: $500 matters to a shop taking $5,000 a month, not to one
 * taking $500,000.
 */
export function gradeSeverity(impact: number, periodRevenue: number): 'high' | 'medium' | 'low' {
  if (!(periodRevenue > 0)) return 'low';
  const share = Math.abs(impact) / periodRevenue;
  if (share >= 0.05) return 'high';
  if (share >= 0.01) return 'medium';
  return 'low';
}
