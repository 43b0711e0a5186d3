/**
 * The matrix of second derivatives of f at x by central finite differences.
 *
 * Definition: Hᵢⱼ ≈ [f(x+hᵢ+hⱼ) − f(x+hᵢ−hⱼ) − f(x−hᵢ+hⱼ) + f(x−hᵢ−hⱼ)] / (4hᵢhⱼ), and
 * Hᵢᵢ ≈ [f(x+2hᵢ) − 2f(x) + f(x−2hᵢ)] / (4hᵢ²).
 * Reference: Nocedal & Wright (2006), Numerical Optimization, 2nd ed., §8.1 eq. (8.7)–(8.8);
 * the Laplace approximation needs it at the posterior mode (Tierney & Kadane 1986).
 * Method: 2n² + 1 evaluations; the result is symmetric by construction.
 *
 * @example numericalHessian(([a, b]) => a! * a! + 3 * a! * b!, [1, 1]) // ≈ [[2, 3], [3, 0]]
 */
export function numericalHessian(f: (x: number[]) => number, x: readonly number[], step = 1e-3): number[][] {
  const n = x.length;
  const at = (di: number, si: number, dj: number, sj: number) => {
    const point = [...x];
    point[di]! += si * step;
    point[dj]! += sj * step;
    return f(point);
  };
  const center = f([...x]);
  const h: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i += 1) {
    h[i]![i] = (at(i, 1, i, 1) - 2 * center + at(i, -1, i, -1)) / (4 * step * step);
    for (let j = 0; j < i; j += 1) {
      const v = (at(i, 1, j, 1) - at(i, 1, j, -1) - at(i, -1, j, 1) + at(i, -1, j, -1)) / (4 * step * step);
      h[i]![j] = v;
      h[j]![i] = v;
    }
  }
  return h;
}
