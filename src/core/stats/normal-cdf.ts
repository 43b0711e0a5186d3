/**
 * Standard normal cumulative distribution function Φ(x) = P(Z ≤ x).
 *
 * Definition: Φ(x) = ½ erfc(−x/√2).
 * Reference: Hart (1968) algorithm 5666 as given by G. West, "Better approximations to cumulative
 * normal functions", Wilmott Magazine (2005), figure 2 — double precision over the whole line.
 * Method: a rational function of |x| below 7.07, a continued fraction beyond, 0 past 37; the tail
 * is computed directly, so tiny p-values keep their relative precision.
 *
 * @example normalCdf(1.959964) // 0.975
 */
export function normalCdf(x: number): number {
  const a = Math.abs(x);
  let tail = 0;
  if (a <= 37) {
    const e = Math.exp((-a * a) / 2);
    if (a < 7.07106781186547) {
      let num = 3.52624965998911e-2 * a + 0.700383064443688;
      num = num * a + 6.37396220353165;
      num = num * a + 33.912866078383;
      num = num * a + 112.079291497871;
      num = num * a + 221.213596169931;
      num = num * a + 220.206867912376;
      let den = 8.83883476483184e-2 * a + 1.75566716318264;
      den = den * a + 16.064177579207;
      den = den * a + 86.7807322029461;
      den = den * a + 296.564248779674;
      den = den * a + 637.333633378831;
      den = den * a + 793.826512519948;
      den = den * a + 440.413735824752;
      tail = (e * num) / den;
    } else {
      let b = a + 0.65;
      b = a + 4 / b;
      b = a + 3 / b;
      b = a + 2 / b;
      b = a + 1 / b;
      tail = e / b / 2.506628274631;
    }
  }
  return x > 0 ? 1 - tail : tail;
}
