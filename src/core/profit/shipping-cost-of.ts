/** The owner's shipping profile: destination (ISO alpha-2 or '*') × weight band [minGrams, maxGrams). */
export interface ShippingProfileRule {
  country: string;
  minGrams: number;
  maxGrams: number | null;
  costMinor: number;
}

/**
 * An order's shipping cost (decision 010), by priority: a per-order imported cost; else the
 * shipping profile for its destination country and order weight (an exact country before '*');
 * else the shipping charged.
 */
export function shippingCostOf(
  order: {
    importedCostMinor: number | null;
    countryCode: string | null;
    weightGrams: number;
    shippingChargedMinor: number;
  },
  profiles: readonly ShippingProfileRule[],
): number {
  if (order.importedCostMinor !== null) return order.importedCostMinor;
  const fits = (p: ShippingProfileRule) =>
    order.weightGrams >= p.minGrams && (p.maxGrams === null || order.weightGrams < p.maxGrams);
  const profile =
    profiles.find((p) => p.country === order.countryCode && fits(p)) ??
    profiles.find((p) => p.country === '*' && fits(p));
  return profile ? profile.costMinor : order.shippingChargedMinor;
}
