import { logGamma } from '../stats/log-gamma.ts';
import type { BgNbdParams, WeightedLifetimeCustomer } from './types.ts';

/**
 * Total BG/NBD log-likelihood of customers at given parameters.
 *
 * Definition (Fader, Hardie & Lee 2005, eq. 6):
 *   L = B(a, b + x)/B(a, b) · Γ(r + x)α^r/(Γ(r)(α + T)^(r+x))
 *     + δ(x>0) B(a + 1, b + x − 1)/B(a, b) · Γ(r + x)α^r/(Γ(r)(α + tx)^(r+x)).
 * Reference: FHL 2005 and Hardie's note "Implementing the BG/NBD model in Excel"; at the
 * published CDNOW parameters this gives −9582.43 (constants that depend only on data are omitted,
 * exactly as in the published value).
 * Method: per distinct x the gamma terms are computed once; the two summands are combined with
 * log-sum-exp so large x or T never overflow. Returns −∞ (never NaN) for invalid parameters.
 */
export function bgnbdLogLikelihood(
  params: BgNbdParams,
  customers: readonly WeightedLifetimeCustomer[],
): number {
  const { r, alpha, a, b } = params;
  if (!(r > 0 && alpha > 0 && a > 0 && b > 0)) return Number.NEGATIVE_INFINITY;
  const byX = new Map<number, number>();
  const common = r * Math.log(alpha) - logGamma(r) + logGamma(a + b) - logGamma(b);
  let total = 0;
  for (const { x, tx, T, count = 1 } of customers) {
    let gammaTerms = byX.get(x);
    if (gammaTerms === undefined) {
      gammaTerms = common + logGamma(r + x) + logGamma(b + x) - logGamma(a + b + x);
      byX.set(x, gammaTerms);
    }
    const a3 = -(r + x) * Math.log(alpha + T);
    let ll = gammaTerms + a3;
    if (x > 0) {
      const a4 = Math.log(a) - Math.log(b + x - 1) - (r + x) * Math.log(alpha + tx);
      ll = gammaTerms + logAddExp(a3, a4);
    }
    total += count * ll;
  }
  return Number.isNaN(total) ? Number.NEGATIVE_INFINITY : total;
}

function logAddExp(u: number, v: number): number {
  const m = Math.max(u, v);
  return m + Math.log(Math.exp(u - m) + Math.exp(v - m));
}
