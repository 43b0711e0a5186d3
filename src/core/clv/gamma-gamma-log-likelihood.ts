import { compileGammaGammaLogLikelihood } from './compile-gamma-gamma-log-likelihood.ts';
import type { GammaGammaParams, SpendCustomer } from './types.ts';

/**
 * Total Gamma-Gamma spend log-likelihood of customers with x > 0 repeat transactions.
 *
 * Definition (Fader & Hardie 2013, "The Gamma-Gamma model of monetary value", eq. 3, in terms of
 * the mean z̄ of the x transactions): ℓ = ln Γ(px + q) − ln Γ(px) − ln Γ(q) + q ln γ
 *   + (px − 1) ln z̄ + px ln x − (px + q) ln(γ + x z̄).
 * Reference: CDNOW, 946 customers with x > 0: LL −4055.92 at p = 6.25, q = 3.74, γ = 15.44.
 * Method: direct sum ({@link compileGammaGammaLogLikelihood}); customers with x = 0 or z̄ ≤ 0 carry
 * no spend information and are skipped by the caller (the fit rejects them). −∞ for invalid parameters.
 */
export function gammaGammaLogLikelihood(
  params: GammaGammaParams,
  customers: readonly SpendCustomer[],
): number {
  return compileGammaGammaLogLikelihood(customers)(params);
}
