import { normalCdf } from '../stats/normal-cdf.ts';
import { normalQuantile } from '../stats/normal-quantile.ts';

/**
 * Power of the two-sided two-proportion z-test with n visitors in each arm.
 *
 * Definition: power = Φ((√n·|p₁ − p₂| − z₁₋α/₂·√((p₁ + p₂)(q₁ + q₂)/2)) / √(p₁q₁ + p₂q₂)), q = 1 − p.
 * Reference: R's stats::power.prop.test (strict = FALSE); Fleiss, Levin & Paik, "Statistical
 * Methods for Rates and Proportions" (3rd ed.), §4.2.
 */
export function twoProportionPower(n: number, p1: number, p2: number, alpha = 0.05): number {
  const q1 = 1 - p1;
  const q2 = 1 - p2;
  const spread = Math.sqrt(p1 * q1 + p2 * q2);
  if (spread === 0 || n <= 0) return 0;
  const zAlpha = normalQuantile(1 - alpha / 2);
  return normalCdf(
    (Math.sqrt(n) * Math.abs(p1 - p2) - zAlpha * Math.sqrt(((p1 + p2) * (q1 + q2)) / 2)) / spread,
  );
}
