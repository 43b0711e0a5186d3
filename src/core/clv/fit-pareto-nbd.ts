import { minimizeNelderMead } from '../stats/minimize-nelder-mead.ts';
import { compressCustomers } from './compress-customers.ts';
import { paretoNbdLogLikelihood } from './pareto-nbd-log-likelihood.ts';
import type { FitResult, ParetoNbdParams, WeightedLifetimeCustomer } from './types.ts';

/**
 * Maximum-likelihood fit of the Pareto/NBD model.
 *
 * Definition: argmax over r, α, s, β > 0 of Σ log L (Fader & Hardie 2005 note, eq. 22).
 * Reference: Schmittlein, Morrison & Colombo (1987); CDNOW (weeks) LL −9594.98.
 * Method: compressed customers, Nelder–Mead with restarts on log-parameters, started at
 * r = s = 1 and α = β = mean age / 10.
 *
 * @throws RangeError when there are no customers or no repeat purchases.
 */
export function fitParetoNbd(customers: readonly WeightedLifetimeCustomer[]): FitResult<ParetoNbdParams> {
  const groups = compressCustomers(customers);
  const total = groups.reduce((sum, g) => sum + g.count, 0);
  if (total === 0) throw new RangeError('Pareto/NBD needs at least one customer');
  if (!groups.some((g) => g.x > 0)) throw new RangeError('Pareto/NBD needs customers with repeat purchases');
  const meanT = groups.reduce((sum, g) => sum + g.count * g.T, 0) / total;
  const toParams = (v: number[]): ParetoNbdParams => ({
    r: Math.exp(v[0]!),
    alpha: Math.exp(v[1]!),
    s: Math.exp(v[2]!),
    beta: Math.exp(v[3]!),
  });
  const scale = Math.log(Math.max(meanT / 4, 1e-3));
  const result = minimizeNelderMead(
    (v) => -paretoNbdLogLikelihood(toParams(v), groups),
    [0, scale, 0, scale],
    {
      tolerance: 1e-12,
      maxEvaluations: 3000,
      restarts: 4,
    },
  );
  return {
    params: toParams(result.x),
    logLikelihood: -result.value,
    customers: total,
    evaluations: result.evaluations,
    converged: result.converged,
  };
}
