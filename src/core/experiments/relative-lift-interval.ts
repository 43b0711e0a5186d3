import { normalQuantile } from '../stats/normal-quantile.ts';
import type { ProportionCounts } from './types.ts';

/**
 * Relative lift of the variant's conversion rate over the control's, with a confidence interval.
 *
 * Definition: lift = p̂₂/p̂₁ − 1; the interval is the Katz log interval of the rate ratio,
 * exp(ln(p̂₂/p̂₁) ± z·√((1 − p̂₁)/x₁ + (1 − p̂₂)/x₂)) − 1, z = Φ⁻¹(1 − (1 − confidence)/2).
 * Reference: Katz, Baptista, Azen & Pike (1978), "Obtaining confidence intervals for the risk ratio
 * in cohort studies", Biometrics 34:469–474.
 * Why the log scale: a ratio's sampling distribution is skewed; the log interval is asymmetric
 * around the lift, as it should be, and never goes below −100 %.
 * Returns null when a rate is 0 (no conversions: the ratio is undefined or infinite).
 */
export function relativeLiftInterval(
  control: ProportionCounts,
  variant: ProportionCounts,
  confidence = 0.95,
): { lift: number; low: number; high: number } | null {
  const x1 = control.conversions;
  const x2 = variant.conversions;
  if (x1 <= 0 || x2 <= 0 || control.visitors <= 0 || variant.visitors <= 0) return null;
  const p1 = x1 / control.visitors;
  const p2 = x2 / variant.visitors;
  const logRatio = Math.log(p2 / p1);
  const se = Math.sqrt((1 - p1) / x1 + (1 - p2) / x2);
  const z = normalQuantile(1 - (1 - confidence) / 2);
  return {
    lift: p2 / p1 - 1,
    low: Math.exp(logRatio - z * se) - 1,
    high: Math.exp(logRatio + z * se) - 1,
  };
}
