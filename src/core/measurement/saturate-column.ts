import type { MmmSaturation } from './types.ts';

const LN3 = Math.log(3);

/**
 * One channel's adstocked spend through its saturation curve, period by period: saturationOf(x, K,
 * S, family) of every value, with what does not change along the column taken out of the loop.
 *
 * Definition: Hill — 1 / (1 + exp(S·(ln K − ln x))), 0 for x ≤ 0 (hillSaturation); logistic —
 * tanh((ln 3 · x/K)/2), 0 for x ≤ 0 (logisticSaturation read by K, saturationOf).
 * Reference: Jin et al. (2017) eq. (3); pymc-marketing's `logistic_saturation` (decision 234).
 * Method: ln K once per column, and ln x from `logStock` (the adstocked values' logarithms, which
 * depend on the decay only, so settings that move only K or S share them, decision 241); the same
 * operations in the same order as saturationOf, so every value is the same to the last digit.
 *
 * @example saturateColumn([0, 2], [Number.NEGATIVE_INFINITY, Math.log(2)], 2, 1, 'hill') // [0, 0.5]
 */
export function saturateColumn(
  stock: readonly number[],
  logStock: readonly number[] | null,
  halfSaturation: number,
  shape: number,
  family: MmmSaturation = 'hill',
): number[] {
  const n = stock.length;
  const out = new Array<number>(n);
  if (family === 'logistic') {
    for (let t = 0; t < n; t += 1) {
      const v = stock[t]! / halfSaturation;
      out[t] = v <= 0 ? 0 : Math.tanh((LN3 * v) / 2);
    }
    return out;
  }
  const logK = Math.log(halfSaturation);
  for (let t = 0; t < n; t += 1) {
    const x = stock[t]!;
    out[t] = x <= 0 ? 0 : 1 / (1 + Math.exp(shape * (logK - (logStock ? logStock[t]! : Math.log(x)))));
  }
  return out;
}
