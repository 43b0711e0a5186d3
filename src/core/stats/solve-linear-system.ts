/**
 * Solves A·x = b for a square, non-singular A.
 *
 * Definition: the unique x with Σⱼ Aᵢⱼ xⱼ = bᵢ for every i.
 * Reference: Golub & Van Loan, "Matrix Computations", §3.4 (Gaussian elimination with partial
 * pivoting).
 * Method: elimination on copies (inputs untouched), largest-magnitude pivot per column, then back
 * substitution; O(n³). Used for the absorbing Markov chain of attribution, where n is the number
 * of channels + 1.
 *
 * @throws RangeError when A is not square or is singular.
 * @example solveLinearSystem([[2, 0], [0, 4]], [2, 8]) // [1, 2]
 */
export function solveLinearSystem(matrix: readonly (readonly number[])[], rhs: readonly number[]): number[] {
  const n = rhs.length;
  if (matrix.length !== n || matrix.some((row) => row.length !== n)) {
    throw new RangeError('solveLinearSystem needs a square matrix matching the right-hand side');
  }
  const a = matrix.map((row) => [...row]);
  const b = [...rhs];
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < n; row += 1)
      if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    if (Math.abs(a[pivot]![col]!) < 1e-14) throw new RangeError('solveLinearSystem: singular matrix');
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    for (let row = col + 1; row < n; row += 1) {
      const factor = a[row]![col]! / a[col]![col]!;
      if (factor === 0) continue;
      for (let k = col; k < n; k += 1) a[row]![k]! -= factor * a[col]![k]!;
      b[row]! -= factor * b[col]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let row = n - 1; row >= 0; row -= 1) {
    let sum = b[row]!;
    for (let k = row + 1; k < n; k += 1) sum -= a[row]![k]! * x[k]!;
    x[row] = sum / a[row]![row]!;
  }
  return x;
}
