import { minimizeNelderMead } from '../stats/minimize-nelder-mead.ts';
import { bgnbdLogLikelihood } from './bgnbd-log-likelihood.ts';
import { compressCustomers } from './compress-customers.ts';
import type { BgNbdParams, FitResult, WeightedLifetimeCustomer } from './types.ts';

/**
 * Maximum-likelihood fit of the BG/NBD model.
 *
 * Definition: argmax over r, α, a, b > 0 of Σ log L(r, α, a, b | x, tx, T) (FHL 2005, eq. 6).
 * Reference: Fader, Hardie & Lee (2005), Marketing Science 24(2); CDNOW gives r = 0.2426,
 * α = 4.4136, a = 0.7929, b = 2.4259, LL = −9582.43 (weeks).
 * Method: customers compressed by identical (x, tx, T); Nelder–Mead with restarts on the
 * log-parameters (so positivity is automatic and the scale is even); start at all ones (rescaled α
 * to the mean age so the start suits days and weeks alike).
 *
 * @throws RangeError when there are no customers or nobody made a repeat purchase (the model is
 * then not identified and the optimiser would run off to a boundary).
 */
export function fitBgnbd(customers: readonly WeightedLifetimeCustomer[]): FitResult<BgNbdParams> {
  const groups = compressCustomers(customers);
  const total = groups.reduce((s, g) => s + g.count, 0);
  if (total === 0) throw new RangeError('BG/NBD needs at least one customer');
  if (!groups.some((g) => g.x > 0)) throw new RangeError('BG/NBD needs customers with repeat purchases');
  const meanT = groups.reduce((s, g) => s + g.count * g.T, 0) / total;
  const toParams = (v: number[]): BgNbdParams => ({
    r: Math.exp(v[0]!),
    alpha: Math.exp(v[1]!),
    a: Math.exp(v[2]!),
    b: Math.exp(v[3]!),
  });
  const objective = (v: number[]) => -bgnbdLogLikelihood(toParams(v), groups);
  const result = minimizeNelderMead(objective, [0, Math.log(Math.max(meanT / 10, 1e-3)), 0, 0], {
    tolerance: 1e-12,
    maxEvaluations: 3000,
    restarts: 4,
  });
  return {
    params: toParams(result.x),
    logLikelihood: -result.value,
    customers: total,
    evaluations: result.evaluations,
    converged: result.converged,
  };
}
