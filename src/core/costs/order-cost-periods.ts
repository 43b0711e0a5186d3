import type { CostPeriod } from './types.ts';

const rankOf = (period: CostPeriod): number => (period.source === 'shopify' ? 1 : 2);

/**
 * Orders a variant's cost periods by precedence (decision 010): the owner's periods (manual entry
 * or import) before Shopify's, then the latest `effectiveFrom`, then the latest entry (`createdAt`,
 * then `id`). The first period of this order whose `effectiveFrom` is on or before a day is the
 * cost in force that day; `resolveUnitCost` expects its periods in this order. Returns a new array.
 */
export function orderCostPeriods(periods: readonly CostPeriod[]): CostPeriod[] {
  return [...periods].sort(
    (a, b) =>
      rankOf(b) - rankOf(a) ||
      (a.effectiveFrom < b.effectiveFrom ? 1 : a.effectiveFrom > b.effectiveFrom ? -1 : 0) ||
      (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0) ||
      b.id - a.id,
  );
}
