import { cholesky } from './cholesky.ts';

/**
 * The Cholesky factor of a symmetric matrix made positive definite by the smallest tried ridge.
 *
 * Definition: cholesky(A + λI) for the first λ in 0, 10⁻⁶·s, 10⁻⁵·s, … (s = max(10⁻⁶, max|Aᵢᵢ|))
 * at which it exists; a Hessian at a numerical optimum can be slightly indefinite along flat
 * directions.
 * Reference: Nocedal & Wright (2006), Numerical Optimization, §3.4 "Hessian modification"
 * (algorithm 3.3, Cholesky with added multiple of the identity).
 *
 * @example choleskyRegularised([[1, 0], [0, 0]]) // [[1, 0], [0, ≈0.001]]
 */
export function choleskyRegularised(matrix: readonly (readonly number[])[]): number[][] {
  const direct = cholesky(matrix);
  if (direct) return direct;
  const scale = Math.max(1e-6, ...matrix.map((row, i) => Math.abs(row[i]!)));
  for (let ridge = 1e-6 * scale; ; ridge *= 10) {
    const added = ridge;
    const factor = cholesky(matrix.map((row, i) => row.map((v, j) => (i === j ? v + added : v))));
    if (factor) return factor;
  }
}
