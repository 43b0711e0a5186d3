/**
 * Carry-over of advertising: each period's effective spend is a weighted average of this and the
 * previous L − 1 periods' spend with geometrically decaying weights.
 *
 * Definition: a_t = Σ_{l=0}^{L−1} αˡ·x_{t−l} / Σ_{l=0}^{L−1} αˡ (x before the first period counts
 * as 0), 0 ≤ α < 1. The weights are normalised, so a constant spend x stays x: the adstocked series
 * is in spend units and the saturation curve's half-saturation point reads as a spend per period.
 * Reference: Jin, Wang, Sun, Chan & Koehler (2017), "Bayesian Methods for Media Mix Modeling with
 * Carryover and Shape Effects", Google Inc., eq. (1)–(2) with the geometric weight w(l) = αˡ; the
 * same function is Meridian's geometric adstock.
 * Method: the running sum s_t = x_t + α·s_{t−1} − α^L·x_{t−L}, O(n) whatever L.
 *
 * @throws RangeError when α is outside [0, 1) or L < 1.
 * @example geometricAdstock([1, 0, 0], 0.5, 3) // [1/1.75, 0.5/1.75, 0.25/1.75]
 */
export function geometricAdstock(spend: readonly number[], decay: number, maxLag: number): number[] {
  if (!(decay >= 0 && decay < 1)) throw new RangeError(`adstock decay must be in [0, 1), got ${decay}`);
  if (!(Number.isInteger(maxLag) && maxLag >= 1)) throw new RangeError(`maxLag must be ≥ 1, got ${maxLag}`);
  const tail = decay ** maxLag;
  const norm = decay === 0 ? 1 : (1 - tail) / (1 - decay);
  const out = new Array<number>(spend.length);
  let running = 0;
  for (let t = 0; t < spend.length; t += 1) {
    running = spend[t]! + decay * running - (t >= maxLag ? tail * spend[t - maxLag]! : 0);
    out[t] = running / norm;
  }
  return out;
}
