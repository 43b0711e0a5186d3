/**
 * Lower-triangular L with A = L·Lᵀ for a symmetric positive-definite A.
 *
 * Definition: the Cholesky factor; log det A = 2·Σ ln Lᵢᵢ, and A⁻¹b = L⁻ᵀ(L⁻¹b).
 * Reference: Golub & Van Loan, "Matrix Computations", 4th ed., algorithm 4.2.1 (gaxpy Cholesky).
 * Method: row by row, O(n³/3); only the lower triangle of A is read.
 *
 * @returns null when A is not (numerically) positive definite.
 * @example cholesky([[4, 2], [2, 2]]) // [[2, 0], [1, 1]]
 */
export function cholesky(matrix: readonly (readonly number[])[]): number[][] | null {
  const n = matrix.length;
  const l = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i += 1) {
    for (let j = 0; j <= i; j += 1) {
      let sum = matrix[i]![j]!;
      for (let k = 0; k < j; k += 1) sum -= l[i]![k]! * l[j]![k]!;
      if (i === j) {
        if (!(sum > 0)) return null;
        l[i]![i] = Math.sqrt(sum);
      } else l[i]![j] = sum / l[j]![j]!;
    }
  }
  return l;
}
