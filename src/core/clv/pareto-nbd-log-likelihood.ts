import { logGamma } from '../stats/log-gamma.ts';
import { paretoNbdLogA0 } from './pareto-nbd-log-a0.ts';
import type { ParetoNbdParams, WeightedLifetimeCustomer } from './types.ts';

/**
 * Total Pareto/NBD log-likelihood of customers at given parameters.
 *
 * Definition (Fader & Hardie 2005 note, eq. 22):
 *   L = Γ(r + x)α^r β^s/Γ(r) · {1/((α + T)^(r+x)(β + T)^s) + s/(r + s + x) · A₀}.
 * Reference: CDNOW (weeks): LL = −9594.98 at the maximum (r = 0.553, α = 10.578, s = 0.606,
 * β = 11.669), the value of CLVTools and BTYD.
 * Method: log-sum-exp of the two summands; gamma terms cached per distinct x. Never NaN: invalid
 * parameters or a series that fails to converge give −∞, which the optimiser treats as a wall.
 */
export function paretoNbdLogLikelihood(
  params: ParetoNbdParams,
  customers: readonly WeightedLifetimeCustomer[],
): number {
  const { r, alpha, s, beta } = params;
  if (!(r > 0 && alpha > 0 && s > 0 && beta > 0)) return Number.NEGATIVE_INFINITY;
  const byX = new Map<number, number>();
  const common = r * Math.log(alpha) + s * Math.log(beta) - logGamma(r);
  let total = 0;
  try {
    for (const customer of customers) {
      const { x, T, count = 1 } = customer;
      let gammaTerm = byX.get(x);
      if (gammaTerm === undefined) {
        gammaTerm = common + logGamma(r + x);
        byX.set(x, gammaTerm);
      }
      const first = -(r + x) * Math.log(alpha + T) - s * Math.log(beta + T);
      const second = Math.log(s / (r + s + x)) + paretoNbdLogA0(params, customer);
      const m = Math.max(first, second);
      total += count * (gammaTerm + m + Math.log(Math.exp(first - m) + Math.exp(second - m)));
    }
  } catch {
    return Number.NEGATIVE_INFINITY;
  }
  return Number.isNaN(total) ? Number.NEGATIVE_INFINITY : total;
}
