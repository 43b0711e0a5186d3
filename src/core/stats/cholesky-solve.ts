/**
 * Solves A·x = b given the Cholesky factor L of A (A = L·Lᵀ).
 *
 * Definition: x = L⁻ᵀ(L⁻¹b).
 * Reference: Golub & Van Loan, "Matrix Computations", 4th ed., §4.2 (forward then back substitution).
 * Method: O(n²); with `transposeOnly` it returns L⁻ᵀb, which turns standard normals z into a draw
 * of N(0, A⁻¹) when A is a precision matrix.
 *
 * @example choleskySolve([[2, 0], [1, 1]], [8, 6]) // A = [[4,2],[2,2]] → [1, 2]
 */
export function choleskySolve(
  l: readonly (readonly number[])[],
  rhs: readonly number[],
  transposeOnly = false,
): number[] {
  const n = rhs.length;
  const y = [...rhs];
  if (!transposeOnly) {
    for (let i = 0; i < n; i += 1) {
      let sum = y[i]!;
      for (let k = 0; k < i; k += 1) sum -= l[i]![k]! * y[k]!;
      y[i] = sum / l[i]![i]!;
    }
  }
  for (let i = n - 1; i >= 0; i -= 1) {
    let sum = y[i]!;
    for (let k = i + 1; k < n; k += 1) sum -= l[k]![i]! * y[k]!;
    y[i] = sum / l[i]![i]!;
  }
  return y;
}
