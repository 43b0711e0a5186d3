/**
 * Approximate central interval for the mean of a Poisson count.
 *
 * Definition: the Wilson–Hilferty approximation of the exact (Garwood) interval,
 * lower = n(1 − 1/(9n) − z/(3√n))³, upper = (n + 1)(1 − 1/(9(n + 1)) + z/(3√(n + 1)))³; lower is 0
 * when n = 0. Accurate to a few percent from n = 1 (Breslow & Day 1987, vol. II, p. 69).
 * Why: orders and units are counts, so a campaign with 4 orders has a far wider ROAS range than one
 * with 400; the detectors turn that into the width of their impact ranges.
 */
export function poissonInterval(count: number, z = 1.2816): { low: number; high: number } {
  const n = Math.max(0, count);
  const low = n === 0 ? 0 : n * (1 - 1 / (9 * n) - z / (3 * Math.sqrt(n))) ** 3;
  const m = n + 1;
  const high = m * (1 - 1 / (9 * m) + z / (3 * Math.sqrt(m))) ** 3;
  return { low: Math.max(0, low), high };
}
