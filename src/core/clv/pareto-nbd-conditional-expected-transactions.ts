import { paretoNbdProbabilityAlive } from './pareto-nbd-probability-alive.ts';
import type { LifetimeCustomer, ParetoNbdParams } from './types.ts';

/**
 * Expected transactions in the next t time units of a customer with history (x, tx, T), Pareto/NBD.
 *
 * Definition (Schmittlein, Morrison & Colombo 1987; Fader & Hardie 2005 note, eq. 27):
 *   E[Y(t) | x, tx, T] = (r + x)(β + T)/((α + T)(s − 1)) · [1 − ((β + T)/(β + T + t))^(s−1)] · P(alive).
 * For s = 1 the bracket's limit (β + T)·ln(1 + t/(β + T)) / (β + T)… is used: (r + x)/(α + T) · (β + T) ln((β + T + t)/(β + T)).
 */
export function paretoNbdConditionalExpectedTransactions(
  params: ParetoNbdParams,
  customer: LifetimeCustomer,
  t: number,
): number {
  const { r, alpha, s, beta } = params;
  const { x, T } = customer;
  if (t <= 0) return 0;
  const alive = paretoNbdProbabilityAlive(params, customer);
  const rate = (r + x) / (alpha + T);
  const span =
    Math.abs(s - 1) < 1e-9
      ? (beta + T) * Math.log((beta + T + t) / (beta + T))
      : ((beta + T) / (s - 1)) * (1 - ((beta + T) / (beta + T + t)) ** (s - 1));
  return rate * span * alive;
}
