import type { ParetoNbdParams } from './types.ts';

/**
 * Expected number of transactions of a newly acquired customer in (0, t], E[X(t)], Pareto/NBD.
 *
 * Definition (Schmittlein, Morrison & Colombo 1987; Fader & Hardie 2005 note, eq. 17):
 *   E[X(t)] = rβ/(α(s − 1)) · [1 − (β/(β + t))^(s−1)], and for s = 1 its limit (rβ/α)·ln(1 + t/β).
 */
export function paretoNbdExpectedTransactions(params: ParetoNbdParams, t: number): number {
  const { r, alpha, s, beta } = params;
  if (t <= 0) return 0;
  if (Math.abs(s - 1) < 1e-9) return ((r * beta) / alpha) * Math.log1p(t / beta);
  return ((r * beta) / (alpha * (s - 1))) * (1 - (beta / (beta + t)) ** (s - 1));
}
