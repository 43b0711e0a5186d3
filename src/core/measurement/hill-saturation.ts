/**
 * Diminishing returns of (adstocked) spend: the share of a channel's maximum effect reached at
 * spend x.
 *
 * Definition: Hill(x; K, S) = xˢ / (xˢ + Kˢ) = 1 / (1 + (x/K)^(−S)) for x ≥ 0, where K > 0 is the
 * half-saturation spend (Hill(K) = ½) and S > 0 the shape: S ≤ 1 concave, S > 1 an S-curve.
 * Reference: Jin et al. (2017), "Bayesian Methods for Media Mix Modeling with Carryover and Shape
 * Effects", eq. (3); Meridian's "Media saturation and lagging" (same form, `ec` and `slope`).
 * Method: evaluated as 1 / (1 + exp(S·(ln K − ln x))) so large ratios neither overflow nor lose
 * precision; Hill(0) = 0.
 *
 * @example hillSaturation(2, 2, 1) // 0.5
 */
export function hillSaturation(x: number, halfSaturation: number, shape: number): number {
  if (x <= 0) return 0;
  return 1 / (1 + Math.exp(shape * (Math.log(halfSaturation) - Math.log(x))));
}
