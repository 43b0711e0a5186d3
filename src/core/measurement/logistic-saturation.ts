/**
 * Diminishing returns of (adstocked) spend, pymc-marketing's logistic saturation: the share of a
 * channel's maximum effect reached at spend x, on spend scaled by the channel's largest period.
 *
 * Definition: logistic(x; λ) = (1 − e^(−λx)) / (1 + e^(−λx)) for x ≥ 0, λ > 0: 0 at 0, slope λ/2
 * there, concave, → 1; half the maximum is reached at x = ln 3 / λ. (It is 2σ(λx) − 1 with σ the
 * logistic function, hence the name.)
 * Reference: pymc-marketing, `pymc_marketing.mmm.transformers.logistic_saturation` and
 * `LogisticSaturation` (default prior λ ~ Gamma(3, 1)), used in its "MMM Example Notebook"
 * (λ = 4 and 3 on max-scaled spend).
 * Method: evaluated as tanh(λx/2), the same function, which neither overflows for large λx nor
 * loses precision near 0; logistic(x) = 0 for x ≤ 0.
 *
 * @example logisticSaturation(Math.log(3) / 4, 4) // 0.5
 */
export function logisticSaturation(x: number, lambda: number): number {
  if (x <= 0) return 0;
  return Math.tanh((lambda * x) / 2);
}
