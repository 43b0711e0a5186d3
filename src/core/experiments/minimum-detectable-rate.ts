import { twoProportionPower } from './two-proportion-power.ts';

/**
 * The smallest variant rate p₂ > p₁ the test detects with the given power and n visitors per arm.
 *
 * Definition: the p₂ in (p₁, 1) with {@link twoProportionPower}(n, p₁, p₂, alpha) = power.
 * Reference: R's stats::power.prop.test solved for p2 (strict = FALSE).
 * Method: bisection (power grows with p₂ − p₁ on (p₁, 1)), 100 halvings: exact to double precision.
 * Returns null when even p₂ → 1 does not reach the power (too few visitors).
 */
export function minimumDetectableRate(n: number, p1: number, alpha = 0.05, power = 0.8): number | null {
  let low = p1;
  let high = 1 - 1e-12;
  if (twoProportionPower(n, p1, high, alpha) < power) return null;
  for (let i = 0; i < 100; i += 1) {
    const mid = (low + high) / 2;
    if (twoProportionPower(n, p1, mid, alpha) < power) low = mid;
    else high = mid;
  }
  return high;
}
