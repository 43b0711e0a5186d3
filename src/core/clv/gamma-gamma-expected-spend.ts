import type { GammaGammaParams } from './types.ts';

/**
 * Expected mean transaction value of a customer, Gamma-Gamma.
 *
 * Definition (Fader & Hardie 2013, eq. 5): E[M | p, q, γ, x, z̄] = (γ + x z̄) p / (p x + q − 1),
 * a weighted mean of the population mean pγ/(q − 1) and the customer's own mean z̄.
 * With x = 0 it is the population mean (CDNOW: ≈ 35.22).
 *
 * @throws RangeError when q ≤ 1 (the population mean does not exist).
 */
export function gammaGammaExpectedSpend(params: GammaGammaParams, x: number, meanValue: number): number {
  const { p, q, gamma } = params;
  if (!(q > 1)) throw new RangeError(`Gamma-Gamma mean spend needs q > 1, got ${q}`);
  return ((gamma + x * meanValue) * p) / (p * x + q - 1);
}
