import { minimizeNelderMead } from '../stats/minimize-nelder-mead.ts';
import { compileGammaGammaLogLikelihood } from './compile-gamma-gamma-log-likelihood.ts';
import type { FitResult, GammaGammaParams, SpendCustomer } from './types.ts';

/**
 * Maximum-likelihood fit of the Gamma-Gamma spend model.
 *
 * Definition: argmax over p, q, γ > 0 of the Gamma-Gamma log-likelihood of customers with at least
 * one repeat transaction and a positive mean repeat value (Fader & Hardie 2013).
 * Reference: CDNOW: p = 6.2488, q = 3.7446, γ = 15.4477, LL −4055.92.
 * Method: Nelder–Mead with restarts on log-parameters, started at p = q = 1, γ = mean value, over
 * the compiled likelihood (per-customer logarithms computed once).
 *
 * @throws RangeError with fewer than two usable customers (x > 0 and mean value > 0).
 */
export function fitGammaGamma(customers: readonly SpendCustomer[]): FitResult<GammaGammaParams> {
  const usable = customers.filter((c) => c.x > 0 && c.meanValue > 0);
  const total = usable.reduce((sum, c) => sum + (c.count ?? 1), 0);
  if (total < 2) {
    throw new RangeError('Gamma-Gamma needs at least two customers with a repeat purchase of positive value');
  }
  const meanValue = usable.reduce((sum, c) => sum + (c.count ?? 1) * c.meanValue, 0) / total;
  const toParams = (v: number[]): GammaGammaParams => ({
    p: Math.exp(v[0]!),
    q: Math.exp(v[1]!),
    gamma: Math.exp(v[2]!),
  });
  const logLikelihood = compileGammaGammaLogLikelihood(usable);
  const result = minimizeNelderMead((v) => -logLikelihood(toParams(v)), [0, 0, Math.log(meanValue)], {
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
