/**
 * One channel's saturated media column with the sums the conjugate update needs from it, so a
 * column that several posterior evaluations share (finite differences move one channel at a time)
 * is multiplied out once.
 */
export interface MmmMediaColumn {
  /** The column over all n periods (values in [0, 1)). */
  values: number[];
  /** Σₜ values·base_j over the fitted rows, one per baseline column. */
  baseDots: Float64Array;
  /** Σₜ values·y over the fitted rows. */
  yDot: number;
  /** Σₜ values over the fitted rows. */
  sum: number;
  /** Σₜ values·other over the fitted rows, per other column already multiplied with this one. */
  cross: WeakMap<MmmMediaColumn, number>;
}

/**
 * The sums of a media column against the fixed regressors, over the first `rows` periods.
 *
 * Definition: baseDots_j = Σ_{t<rows} m_t·b_{j,t}, yDot = Σ_{t<rows} m_t·y_t, sum = Σ_{t<rows} m_t.
 * Method: each sum in period order from 0, the order the posterior's inner products always used,
 * so the figures are the same to the last digit.
 */
export function mmmMediaColumn(
  values: number[],
  base: readonly (readonly number[])[],
  y: readonly number[],
  rows: number,
): MmmMediaColumn {
  const baseDots = new Float64Array(base.length);
  for (let j = 0; j < base.length; j += 1) {
    const b = base[j]!;
    let s = 0;
    for (let t = 0; t < rows; t += 1) s += values[t]! * b[t]!;
    baseDots[j] = s;
  }
  let yDot = 0;
  let sum = 0;
  for (let t = 0; t < rows; t += 1) {
    yDot += values[t]! * y[t]!;
    sum += values[t]!;
  }
  return { values, baseDots, yDot, sum, cross: new WeakMap() };
}

/**
 * Σ_{t<rows} a_t·b_t of two media columns, multiplied out once per pair (either order: a product
 * of two doubles does not depend on their order, and the sum runs in period order either way).
 */
export function mediaCrossDot(a: MmmMediaColumn, b: MmmMediaColumn, rows: number): number {
  const known = a.cross.get(b);
  if (known !== undefined) return known;
  const x = a.values;
  const z = b.values;
  let s = 0;
  for (let t = 0; t < rows; t += 1) s += x[t]! * z[t]!;
  a.cross.set(b, s);
  b.cross.set(a, s);
  return s;
}
