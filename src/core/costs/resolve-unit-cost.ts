import type { CostPeriod, ResolvedCost } from './types.ts';

/** Default margins are exact to four decimals of a percent (numeric(7,4)): 1 = 0.0001 %. */
const MARGIN_SCALE = 1_000_000;

/**
 * The unit cost in force on shop day `day` for a line sold at `unitPriceMinor` (decision 010).
 *
 * `periods` are the variant's ledger periods in precedence order (`orderCostPeriods`): the first
 * whose `effectiveFrom <= day` wins, so the owner's entry beats Shopify's and, within a source,
 * the latest effective date (then the latest entry) wins. With no such period, the default margin
 * `marginE4` (percent × 10⁴, e.g. 35.5 % → 355000; null = none set) gives the estimate
 * `price × (1 − margin)`, rounded half away from zero in integer arithmetic. Null when neither applies.
 */
export function resolveUnitCost(
  periods: readonly CostPeriod[] | undefined,
  day: string,
  unitPriceMinor: number,
  marginE4: number | null,
): ResolvedCost | null {
  if (periods) {
    for (const period of periods) {
      if (period.effectiveFrom <= day)
        return { unitCostMinor: period.costMinor, source: period.source, estimated: false };
    }
  }
  if (marginE4 === null) return null;
  const numerator = Math.abs(unitPriceMinor) * (MARGIN_SCALE - marginE4);
  const rounded = Math.floor((2 * numerator + MARGIN_SCALE) / (2 * MARGIN_SCALE));
  return {
    unitCostMinor: unitPriceMinor < 0 ? -rounded : rounded,
    source: 'default_margin',
    estimated: true,
  };
}
