import { logGamma } from './log-gamma.ts';

/**
 * Natural logarithm of the beta function, ln B(a, b) for a, b > 0.
 *
 * Definition: B(a, b) = ∫₀¹ t^(a−1) (1 − t)^(b−1) dt = Γ(a)Γ(b) / Γ(a + b).
 * Reference: Abramowitz & Stegun 6.2.2.
 * Method: three log-gamma evaluations (no overflow for large arguments).
 *
 * @example logBeta(2, 3) // ln(1/12)
 */
export function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}
