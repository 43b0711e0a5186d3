/**
 * Delayed carry-over of advertising: each period's effective spend is a weighted average of this
 * and the previous L − 1 periods' spend, the weight of lag l being the share of a Weibull-
 * distributed delay that falls in that period, so with shape k > 1 the effect peaks after the
 * spend (a TV flight, a creator's post, a considered purchase) instead of at once.
 *
 * Definition: w_l = F(l + 1) − F(l), F(x) = 1 − exp(−(x/λ)^k) the Weibull CDF (shape k > 0, scale λ
 * > 0 in periods), l = 0 … L − 1; a_t = Σ_l w_l·x_{t−l} / Σ_l w_l (x before the first period counts
 * as 0). The weights are normalised, so a constant spend x stays x, as in geometricAdstock. With
 * k = 1 the weights are ∝ e^{−l/λ}: exactly the geometric adstock with decay α = e^{−1/λ}, which is
 * how the model maps its decay parameter to λ (λ = −1/ln α).
 * Reference: Robyn (Meta) "Weibull CDF/PDF adstock" (Runge et al., Robyn documentation, "Adstock:
 * Weibull"); Jin, Wang, Sun, Chan & Koehler (2017) eq. (1) with a delayed weight function.
 * Method: the L weights once, then a direct convolution, O(n·L).
 *
 * @throws RangeError when k or λ is not a positive finite number or L < 1.
 * @example weibullAdstock([1, 0, 0], 1, 1 / Math.log(2), 3) // = geometricAdstock([1, 0, 0], 0.5, 3)
 */
export function weibullAdstock(
  spend: readonly number[],
  shape: number,
  scale: number,
  maxLag: number,
): number[] {
  if (!(shape > 0 && Number.isFinite(shape))) throw new RangeError(`Weibull shape must be > 0, got ${shape}`);
  if (!(scale > 0 && Number.isFinite(scale))) throw new RangeError(`Weibull scale must be > 0, got ${scale}`);
  if (!(Number.isInteger(maxLag) && maxLag >= 1)) throw new RangeError(`maxLag must be ≥ 1, got ${maxLag}`);
  const survival = (x: number) => Math.exp(-((x / scale) ** shape));
  const weights = Array.from({ length: maxLag }, (_, l) => survival(l) - survival(l + 1));
  const norm = weights.reduce((a, b) => a + b, 0);
  // A scale so small that all mass sits before the first period ends: no carry-over at all.
  if (!(norm > 0)) return [...spend];
  const out = new Array<number>(spend.length);
  for (let t = 0; t < spend.length; t += 1) {
    let sum = 0;
    for (let l = 0; l < maxLag && l <= t; l += 1) sum += weights[l]! * spend[t - l]!;
    out[t] = sum / norm;
  }
  return out;
}
