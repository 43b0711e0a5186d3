import { logBeta } from '../stats/log-beta.ts';
import type { ProportionCounts } from './types.ts';

/**
 * Bayesian probability that the variant's true conversion rate exceeds the control's.
 *
 * Definition: with a uniform Beta(1, 1) prior the posteriors are p_A ~ Beta(α_A, β_A) and
 * p_B ~ Beta(α_B, β_B), α = 1 + conversions, β = 1 + visitors − conversions, and
 * P(p_B > p_A) = Σ_{i=0}^{α_B−1} B(α_A + i, β_A + β_B) / ((β_B + i) · B(1 + i, β_B) · B(α_A, β_A)).
 * Reference: E. Miller, "Formulas for Bayesian A/B Testing" (2015); J. Cook, "Exact calculation of
 * beta inequalities" (UT MD Anderson technical report, 2005).
 * Method: exact (no sampling, deterministic), summed in log space; the sum runs over the arm with
 * fewer conversions (P(B > A) = 1 − P(A > B): ties have probability 0), so it stays short.
 */
export function probabilityToBeatControl(control: ProportionCounts, variant: ProportionCounts): number {
  const a = { alpha: 1 + control.conversions, beta: 1 + control.visitors - control.conversions };
  const b = { alpha: 1 + variant.conversions, beta: 1 + variant.visitors - variant.conversions };
  if (b.alpha <= a.alpha) return probabilityGreater(a, b);
  return 1 - probabilityGreater(b, a);
}

/** P(Y > X) for X ~ Beta(x.alpha, x.beta), Y ~ Beta(y.alpha, y.beta), y.alpha a whole number. */
function probabilityGreater(x: { alpha: number; beta: number }, y: { alpha: number; beta: number }): number {
  const base = logBeta(x.alpha, x.beta);
  let total = 0;
  for (let i = 0; i < y.alpha; i += 1) {
    total += Math.exp(
      logBeta(x.alpha + i, x.beta + y.beta) - Math.log(y.beta + i) - logBeta(1 + i, y.beta) - base,
    );
  }
  return Math.min(1, Math.max(0, total));
}
