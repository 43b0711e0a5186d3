/**
 * Gauss hypergeometric function ₂F₁(a, b; c; z) for 0 ≤ z < 1 (or |z| < 1) and c > 0.
 *
 * Definition: ₂F₁(a, b; c; z) = Σₙ (a)ₙ(b)ₙ / ((c)ₙ n!) zⁿ, with (q)ₙ the rising factorial.
 * Reference: Abramowitz & Stegun 15.1.1; it appears in the BG/NBD E[X(t)] and conditional
 * expectation (Fader, Hardie & Lee 2005, eq. 9 and 10) and in the Pareto/NBD likelihood
 * (Fader & Hardie 2005, "A note on deriving the Pareto/NBD model", eq. 22).
 * Method: the power series summed term by term until a term no longer changes the sum in the
 * 15th digit. All uses in this library have z = t / (α + t) or |α − β| / (max + t), both < 1.
 * Complexity: O(n) terms, n grows like log(ε) / log(z); capped at `maxTerms`.
 *
 * @throws RangeError when |z| ≥ 1 or the series did not converge within `maxTerms`.
 * @example hypergeometric2F1(1, 1, 2, 0.5) // −ln(1 − 0.5)/0.5 = 1.3862943611198906
 */
export function hypergeometric2F1(a: number, b: number, c: number, z: number, maxTerms = 200_000): number {
  if (!(Math.abs(z) < 1)) throw new RangeError(`hypergeometric2F1 needs |z| < 1, got ${z}`);
  if (z === 0) return 1;
  let term = 1;
  let sum = 1;
  for (let n = 0; n < maxTerms; n += 1) {
    term *= ((a + n) * (b + n) * z) / ((c + n) * (n + 1));
    sum += term;
    if (Math.abs(term) <= 1e-15 * Math.abs(sum)) return sum;
    if (!Number.isFinite(sum)) break;
  }
  throw new RangeError(`hypergeometric2F1(${a}, ${b}; ${c}; ${z}) did not converge`);
}
