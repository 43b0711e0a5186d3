/**
 * One channel's saturated media column with the sums the conjugate update needs from it, so a
 * column that several posterior evaluations share (finite differences move one channel at a time)
 * is multiplied out once.
 */
export interface MmmMediaColumn {
  /** Distinguishes the columns of one posterior in each other's `cross` (the caller numbers them). */
  id: number;
  /** The column over all n periods (values in [0, 1)). */
  values: number[];
  /** Σₜ values·base_j over the fitted rows, one per baseline column. */
  baseDots: number[];
  /** Σₜ values·y over the fitted rows. */
  yDot: number;
  /** Σₜ values over the fitted rows. */
  sum: number;
  /** Σₜ values·other over the fitted rows, by the other column's id, once multiplied out. */
  cross: Map<number, number>;
}

/**
 * The sums of a media column against the fixed regressors, over the first `rows` periods.
 *
 * Definition: baseDots_j = Σ_{t<rows} m_t·b_{j,t}, yDot = Σ_{t<rows} m_t·y_t, sum = Σ_{t<rows} m_t.
 * Method: each sum in period order from 0, the order the posterior's inner products always used,
 * so the figures are the same to the last digit; four sums share one pass over the periods (four
 * independent additions per period instead of one, decision 241).
 */
export function mmmMediaColumn(
  values: number[],
  base: readonly (readonly number[])[],
  y: readonly number[],
  rows: number,
  id: number,
): MmmMediaColumn {
  // The target and a column of ones (the plain sum) ride along as two more "baseline" columns.
  const columns = [...base, y];
  const dots = new Array<number>(columns.length + 1);
  let j = 0;
  for (; j + 3 < columns.length; j += 4) {
    const b0 = columns[j]!;
    const b1 = columns[j + 1]!;
    const b2 = columns[j + 2]!;
    const b3 = columns[j + 3]!;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let t = 0; t < rows; t += 1) {
      const v = values[t]!;
      s0 += v * b0[t]!;
      s1 += v * b1[t]!;
      s2 += v * b2[t]!;
      s3 += v * b3[t]!;
    }
    dots[j] = s0;
    dots[j + 1] = s1;
    dots[j + 2] = s2;
    dots[j + 3] = s3;
  }
  for (; j < columns.length; j += 1) {
    const b = columns[j]!;
    let s = 0;
    for (let t = 0; t < rows; t += 1) s += values[t]! * b[t]!;
    dots[j] = s;
  }
  let sum = 0;
  for (let t = 0; t < rows; t += 1) sum += values[t]!;
  const yDot = dots[base.length]!;
  dots.length = base.length;
  return { id, values, baseDots: dots, yDot, sum, cross: new Map() };
}

/**
 * Σ_{t<rows} a_t·b_t of two media columns, multiplied out once per pair (either order: a product
 * of two doubles does not depend on their order, and the sum runs in period order either way).
 */
export function mediaCrossDot(a: MmmMediaColumn, b: MmmMediaColumn, rows: number): number {
  const known = a.cross.get(b.id);
  if (known !== undefined) return known;
  const x = a.values;
  const z = b.values;
  let s = 0;
  for (let t = 0; t < rows; t += 1) s += x[t]! * z[t]!;
  a.cross.set(b.id, s);
  b.cross.set(a.id, s);
  return s;
}
