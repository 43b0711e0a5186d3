/** An owner's shipping profile: destination ('*' = any other country) × weight band [minGrams, maxGrams). */
export interface ShippingBand {
  country: string;
  minGrams: number;
  maxGrams: number | null;
  costMinor: number;
}

/**
 * The shipping cost of an order to `country` weighing `weightGrams` under the owner's profiles
 * (decision 010): bands of the exact country beat the '*' bands; among the matching bands of one
 * country (minGrams ≤ weight < maxGrams, null max = no upper bound) the highest minGrams wins.
 * Null when no band matches (the shipping charged then stands in).
 */
export function matchShippingProfile(
  profiles: readonly ShippingBand[],
  country: string | null,
  weightGrams: number,
): number | null {
  let best: ShippingBand | null = null;
  let bestExact = false;
  for (const band of profiles) {
    const exact = country !== null && band.country === country;
    if (!exact && band.country !== '*') continue;
    if (weightGrams < band.minGrams || (band.maxGrams !== null && weightGrams >= band.maxGrams)) continue;
    if (best === null || (exact && !bestExact) || (exact === bestExact && band.minGrams > best.minGrams)) {
      best = band;
      bestExact = exact;
    }
  }
  return best ? best.costMinor : null;
}
