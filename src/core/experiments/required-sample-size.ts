import { normalQuantile } from '../stats/normal-quantile.ts';

/**
 * Visitors needed in each arm for the two-sided two-proportion z-test to detect p₁ → p₂.
 *
 * Definition: n = (z₁₋α/₂·√((p₁ + p₂)(q₁ + q₂)/2) + z_power·√(p₁q₁ + p₂q₂))² / (p₁ − p₂)², the
 * closed form of {@link twoProportionPower} = power (not rounded; round up to plan).
 * Reference: R's stats::power.prop.test (strict = FALSE); Fleiss, Levin & Paik (3rd ed.), §4.2.
 *
 * @throws RangeError when the rates are not in (0, 1) or equal, or alpha/power are not in (0, 1).
 */
export function requiredSampleSize(p1: number, p2: number, alpha = 0.05, power = 0.8): number {
  for (const [name, value] of [
    ['p1', p1],
    ['p2', p2],
    ['alpha', alpha],
    ['power', power],
  ] as const)
    if (!(value > 0 && value < 1)) throw new RangeError(`${name} must be between 0 and 1, got ${value}`);
  if (p1 === p2) throw new RangeError('p1 and p2 must differ');
  const q1 = 1 - p1;
  const q2 = 1 - p2;
  const numerator =
    normalQuantile(1 - alpha / 2) * Math.sqrt(((p1 + p2) * (q1 + q2)) / 2) +
    normalQuantile(power) * Math.sqrt(p1 * q1 + p2 * q2);
  return (numerator * numerator) / ((p1 - p2) * (p1 - p2));
}
