import { logGamma } from '../stats/log-gamma.ts';
import type { GammaGammaParams, SpendCustomer } from './types.ts';

/**
 * The Gamma-Gamma spend log-likelihood over a fixed set of customers, as a function of the
 * parameters (what an optimiser evaluates thousands of times).
 *
 * Definition: {@link gammaGammaLogLikelihood} (Fader & Hardie 2013, eq. 3):
 *   ℓ = ln Γ(px + q) − ln Γ(px) − ln Γ(q) + q ln γ + (px − 1) ln z̄ + px ln x − (px + q) ln(γ + x z̄).
 * Method: ln z̄ and x z̄ are computed once per customer; the gamma functions and px ln x once per
 * distinct x and evaluation, leaving one logarithm per customer — the same operations in the same
 * order as the direct sum, so the value is identical. −∞ for invalid parameters.
 */
export function compileGammaGammaLogLikelihood(
  customers: readonly SpendCustomer[],
): (params: GammaGammaParams) => number {
  const n = customers.length;
  const xIndex = new Map<number, number>();
  const xs: number[] = [];
  const xOf = new Int32Array(n);
  const logMean = new Float64Array(n);
  const spend = new Float64Array(n);
  const count = new Float64Array(n);
  customers.forEach((c, i) => {
    let k = xIndex.get(c.x);
    if (k === undefined) {
      k = xs.length;
      xIndex.set(c.x, k);
      xs.push(c.x);
    }
    xOf[i] = k;
    logMean[i] = Math.log(c.meanValue);
    spend[i] = c.x * c.meanValue;
    count[i] = c.count ?? 1;
  });
  const logXs = xs.map((x) => Math.log(x));
  const pxs = new Float64Array(xs.length);
  const gammaTerm = new Float64Array(xs.length);
  const pxLogX = new Float64Array(xs.length);
  return ({ p, q, gamma }) => {
    // An optimiser's step can overflow a parameter (exp of a large log-parameter): no likelihood.
    if (!(p > 0 && q > 0 && gamma > 0) || !Number.isFinite(p + q + gamma)) return Number.NEGATIVE_INFINITY;
    const constant = q * Math.log(gamma) - logGamma(q);
    for (let k = 0; k < xs.length; k += 1) {
      const px = p * xs[k]!;
      pxs[k] = px;
      gammaTerm[k] = logGamma(px + q) - logGamma(px);
      pxLogX[k] = px * logXs[k]!;
    }
    let total = 0;
    for (let i = 0; i < n; i += 1) {
      const k = xOf[i]!;
      const px = pxs[k]!;
      total +=
        count[i]! *
        (gammaTerm[k]! +
          constant +
          (px - 1) * logMean[i]! +
          pxLogX[k]! -
          (px + q) * Math.log(gamma + spend[i]!));
    }
    return Number.isNaN(total) ? Number.NEGATIVE_INFINITY : total;
  };
}
