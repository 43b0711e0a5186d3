import type { BgNbdParams, LifetimeCustomer } from './types.ts';

/**
 * Probability that a customer with history (x, tx, T) is still active, BG/NBD.
 *
 * Definition (FHL 2005, via Fader, Hardie & Lee's "Computing P(alive) using the BG/NBD model"):
 *   P(alive) = 1 / (1 + δ(x>0) · a/(b + x − 1) · ((α + T)/(α + tx))^(r + x)).
 * A customer with no repeat purchase is alive with probability 1 in BG/NBD (dropout can only happen
 * right after a purchase). Churn probability = 1 − P(alive).
 * Method: the power is computed in logs so large x never overflows.
 */
export function bgnbdProbabilityAlive(params: BgNbdParams, customer: LifetimeCustomer): number {
  const { r, alpha, a, b } = params;
  const { x, tx, T } = customer;
  if (x === 0) return 1;
  const logOdds = Math.log(a / (b + x - 1)) + (r + x) * Math.log((alpha + T) / (alpha + tx));
  return 1 / (1 + Math.exp(logOdds));
}
