import { paretoNbdLogA0 } from './pareto-nbd-log-a0.ts';
import type { LifetimeCustomer, ParetoNbdParams } from './types.ts';

/**
 * Probability that a customer with history (x, tx, T) is still active, Pareto/NBD.
 *
 * Definition (Fader & Hardie 2005 note, eq. 24):
 *   P(alive) = 1 / (1 + s/(r + s + x) · (α + T)^(r+x) (β + T)^s · A₀).
 * Method: all in logs with A₀ from {@link paretoNbdLogA0}.
 */
export function paretoNbdProbabilityAlive(params: ParetoNbdParams, customer: LifetimeCustomer): number {
  const { r, alpha, s, beta } = params;
  const { x, T } = customer;
  const logOdds =
    Math.log(s / (r + s + x)) +
    (r + x) * Math.log(alpha + T) +
    s * Math.log(beta + T) +
    paretoNbdLogA0(params, customer);
  return 1 / (1 + Math.exp(logOdds));
}
