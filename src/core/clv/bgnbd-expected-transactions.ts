import { hypergeometric2F1 } from '../stats/hypergeometric-2f1.ts';
import type { BgNbdParams } from './types.ts';

/**
 * Expected number of transactions of a newly acquired customer in (0, t], E[X(t)], BG/NBD.
 *
 * Definition (FHL 2005, eq. 9): E[X(t)] = (a + b − 1)/(a − 1) ·
 *   [1 − (α/(α + t))^r ₂F₁(r, b; a + b − 1; t/(α + t))].
 * Reference: CDNOW at the published parameters: t = 1, 3, 32, 78 weeks → 0.0532, 0.1506, 1.0437,
 * 1.8576 (Hardie's spreadsheet, lifetimes tests).
 * Method: the ₂F₁ power series (z < 1 always). Valid for a > 1 in the closed form's sense; for
 * a ≤ 1 the same expression is the analytic continuation used by all published implementations.
 */
export function bgnbdExpectedTransactions(params: BgNbdParams, t: number): number {
  const { r, alpha, a, b } = params;
  if (t <= 0) return 0;
  const z = t / (alpha + t);
  const hyp = hypergeometric2F1(r, b, a + b - 1, z);
  return ((a + b - 1) / (a - 1)) * (1 - (alpha / (alpha + t)) ** r * hyp);
}
