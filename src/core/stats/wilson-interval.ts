/**
 * Wilson score interval for a proportion k/n (80 % by default; pass z = 1.959964 for 95 %).
 *
 * Definition: (p̂ + z²/2n ± z√(p̂(1 − p̂)/n + z²/4n²)) / (1 + z²/n); [0, 1] when n = 0.
 * Why: rates measured on a few customers (a segment's past reactivation, a cohort's second-order
 * rate) need ranges that widen honestly when the sample is small, and never leave [0, 1].
 */
export function wilsonInterval(k: number, n: number, z = 1.2816): { low: number; high: number } {
  if (n <= 0) return { low: 0, high: 1 };
  // The closed forms at k = 0 and k = n are exactly 0 and 1; skip the rounding noise.
  if (k <= 0) return { low: 0, high: (z * z) / n / (1 + (z * z) / n) };
  if (k >= n) return { low: 1 / (1 + (z * z) / n), high: 1 };
  const p = Math.min(1, Math.max(0, k / n));
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const denominator = 1 + z2 / n;
  return {
    low: Math.max(0, (centre - spread) / denominator),
    high: Math.min(1, (centre + spread) / denominator),
  };
}
