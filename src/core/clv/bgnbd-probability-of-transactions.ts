import { logBeta } from '../stats/log-beta.ts';
import { logGamma } from '../stats/log-gamma.ts';
import type { BgNbdParams } from './types.ts';

/**
 * Probability that a newly acquired customer makes exactly n transactions in (0, t], BG/NBD.
 *
 * Definition (FHL 2005, eq. 8): P(X(t) = n) =
 *   B(a, b + n)/B(a, b) · Γ(r + n)/(Γ(r) n!) (α/(α + t))^r (t/(α + t))^n
 *   + δ(n>0) B(a + 1, b + n − 1)/B(a, b) · [1 − (α/(α + t))^r Σ_{j<n} Γ(r + j)/(Γ(r) j!) (t/(α + t))^j].
 * Reference: CDNOW published parameters: P(X(39) = 0) = 0.5737864.
 * Method: every product in logs; the finite sum accumulates exp of log terms.
 */
export function bgnbdProbabilityOfTransactions(params: BgNbdParams, t: number, n: number): number {
  const { r, alpha, a, b } = params;
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be a whole number ≥ 0, got ${n}`);
  if (t <= 0) return n === 0 ? 1 : 0;
  const logP = Math.log(alpha / (alpha + t));
  const logQ = Math.log(t / (alpha + t));
  const poissonGammaTerm = (j: number) =>
    logGamma(r + j) - logGamma(r) - logGamma(j + 1) + r * logP + j * logQ;
  const first = Math.exp(logBeta(a, b + n) - logBeta(a, b) + poissonGammaTerm(n));
  if (n === 0) return first;
  let cumulative = 0;
  for (let j = 0; j < n; j += 1) cumulative += Math.exp(poissonGammaTerm(j));
  return first + Math.exp(logBeta(a + 1, b + n - 1) - logBeta(a, b)) * (1 - cumulative);
}
