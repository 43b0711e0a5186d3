import { normalCdf } from '../stats/normal-cdf.ts';
import type { ProportionCounts } from './types.ts';

export interface ZTestResult {
  /** Variant rate minus control rate. */
  difference: number;
  /** Pooled standard error of the difference under H₀ (equal rates). */
  standardError: number;
  z: number;
  /** Two-sided p-value; 1 when the test cannot be computed (no visitors, or 0 % / 100 % everywhere). */
  pValue: number;
}

/**
 * Two-sided two-proportion z-test of H₀: p_variant = p_control.
 *
 * Definition: z = (p̂₂ − p̂₁) / √(p̂(1 − p̂)(1/n₁ + 1/n₂)) with the pooled p̂ = (x₁ + x₂)/(n₁ + n₂);
 * p = 2(1 − Φ(|z|)).
 * Reference: OpenIntro Statistics (4th ed.), §6.2.3 "Hypothesis tests for the difference of two
 * proportions" (pooled proportion); equal to R's prop.test(correct = FALSE) (χ² = z²).
 */
export function twoProportionZTest(control: ProportionCounts, variant: ProportionCounts): ZTestResult {
  const n1 = control.visitors;
  const n2 = variant.visitors;
  if (n1 <= 0 || n2 <= 0) return { difference: 0, standardError: 0, z: 0, pValue: 1 };
  const p1 = control.conversions / n1;
  const p2 = variant.conversions / n2;
  const pooled = (control.conversions + variant.conversions) / (n1 + n2);
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (standardError === 0) return { difference: p2 - p1, standardError: 0, z: 0, pValue: 1 };
  const z = (p2 - p1) / standardError;
  return { difference: p2 - p1, standardError, z, pValue: Math.min(1, 2 * normalCdf(-Math.abs(z))) };
}
