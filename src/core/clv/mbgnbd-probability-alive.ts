import type { BgNbdParams, LifetimeCustomer } from './types.ts';

/**
 * Probability that a customer with history (x, tx, T) is still active, MBG/NBD.
 *
 * Definition (Batislam, Denizel & Filiztekin 2007):
 *   P(alive) = 1 / (1 + a/(b + x) · ((α + T)/(α + tx))^(r + x)).
 * Unlike BG/NBD, a customer may drop out right after the first purchase, so a one-time buyer
 * (x = 0, tx = 0) gets a real probability that falls as T grows, instead of 1. Parameters are an
 * MBG/NBD fit (`fitBgnbd(customers, 'mbgnbd')`). Churn probability = 1 − P(alive).
 * Method: the power is computed in logs so large x never overflows.
 */
export function mbgnbdProbabilityAlive(params: BgNbdParams, customer: LifetimeCustomer): number {
  const { r, alpha, a, b } = params;
  const { x, tx, T } = customer;
  const logOdds = Math.log(a / (b + x)) + (r + x) * Math.log((alpha + T) / (alpha + tx));
  return 1 / (1 + Math.exp(logOdds));
}
