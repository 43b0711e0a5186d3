import { hypergeometric2F1 } from '../stats/hypergeometric-2f1.ts';
import type { LifetimeCustomer, ParetoNbdParams } from './types.ts';

/**
 * ln A₀ of the Pareto/NBD likelihood, the term that needs the hypergeometric function.
 *
 * Definition (Fader & Hardie 2005, "A note on deriving the Pareto/NBD model and related
 * expressions", eq. 22–23): with m = r + s + x,
 *   α ≥ β: A₀ = ₂F₁(m, s + 1; m + 1; (α − β)/(α + tx))/(α + tx)^m − ₂F₁(m, s + 1; m + 1; (α − β)/(α + T))/(α + T)^m
 *   α < β: A₀ = ₂F₁(m, r + x; m + 1; (β − α)/(β + tx))/(β + tx)^m − ₂F₁(m, r + x; m + 1; (β − α)/(β + T))/(β + T)^m.
 * Method: both terms in logs; A₀ = e^{ℓ₁}(1 − e^{ℓ₂ − ℓ₁}) via log1p, so no overflow and no
 * cancellation blow-up. Returns −∞ when tx = T (A₀ = 0).
 */
export function paretoNbdLogA0(params: ParetoNbdParams, customer: LifetimeCustomer): number {
  const { r, alpha, s, beta } = params;
  const { x, tx, T } = customer;
  const m = r + s + x;
  const [base, b] = alpha >= beta ? [alpha, s + 1] : [beta, r + x];
  const diff = Math.abs(alpha - beta);
  const l1 = Math.log(hypergeometric2F1(m, b, m + 1, diff / (base + tx))) - m * Math.log(base + tx);
  const l2 = Math.log(hypergeometric2F1(m, b, m + 1, diff / (base + T))) - m * Math.log(base + T);
  if (!(l2 < l1)) return Number.NEGATIVE_INFINITY;
  return l1 + Math.log1p(-Math.exp(l2 - l1));
}
