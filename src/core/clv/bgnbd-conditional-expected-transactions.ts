import { hypergeometric2F1 } from '../stats/hypergeometric-2f1.ts';
import type { BgNbdParams, LifetimeCustomer } from './types.ts';

/**
 * Expected transactions in the next t time units of a customer with history (x, tx, T), BG/NBD.
 *
 * Definition (FHL 2005, eq. 10): E[Y(t) | x, tx, T] =
 *   (a + b + x − 1)/(a − 1) · [1 − ((α + T)/(α + T + t))^(r+x) ₂F₁(r + x, b + x; a + b + x − 1; t/(α + T + t))]
 *   / (1 + δ(x>0) a/(b + x − 1) ((α + T)/(α + tx))^(r+x)).
 * Reference: CDNOW published parameters, x = 2, tx = 30.43, T = 38.86, t = 39 → 1.226.
 * Method: ₂F₁ series with z = t/(α + T + t) < 1; the odds in the denominator in logs.
 */
export function bgnbdConditionalExpectedTransactions(
  params: BgNbdParams,
  customer: LifetimeCustomer,
  t: number,
): number {
  const { r, alpha, a, b } = params;
  const { x, tx, T } = customer;
  if (t <= 0) return 0;
  const z = t / (alpha + T + t);
  const hyp = hypergeometric2F1(r + x, b + x, a + b + x - 1, z);
  const numerator = ((a + b + x - 1) / (a - 1)) * (1 - ((alpha + T) / (alpha + T + t)) ** (r + x) * hyp);
  const odds =
    x > 0 ? Math.exp(Math.log(a / (b + x - 1)) + (r + x) * Math.log((alpha + T) / (alpha + tx))) : 0;
  return numerator / (1 + odds);
}
