export interface StoreShareExpectation {
  /** Units the product would have sold over the stock-out days. */
  expectedUnits: number;
  /** Units of the product over the baseline days (the count its share, and so its uncertainty, rests on). */
  baselineUnits: number;
  /** Expected units per baseline unit (other products' units during / over the baseline days). */
  scale: number;
}

/**
 * Units a product would have sold over a stock-out, from its share of the store's demand.
 *
 * Definition: share = product units / other products' units over the baseline days (in-stock days
 * before the stock-out); expected units = share × other products' units over the stock-out days.
 * Why: a holiday peak (Black Friday in the baseline, the gifting run-up in the stock-out), closed
 * days, the weekday pattern and the trend move the whole store, so they cancel in the share and come
 * back through the other products' sales on the stock-out days — no calendar needed. It assumes the
 * product's share is steady over the baseline and that shoppers facing the stock-out do not switch
 * en masse to other products (switching would raise the estimate a little).
 * Returns null when the baseline days hold no other products' sales to measure a share against.
 * Units are per day number: `productUnits` of the product, `storeUnits` of all products.
 */
export function expectUnitsFromStoreShare(
  productUnits: ReadonlyMap<number, number>,
  storeUnits: ReadonlyMap<number, number>,
  baselineDays: readonly number[],
  stockoutDays: readonly number[],
): StoreShareExpectation | null {
  const otherOn = (day: number) => (storeUnits.get(day) ?? 0) - (productUnits.get(day) ?? 0);
  let baselineUnits = 0;
  let otherBaseline = 0;
  for (const day of baselineDays) {
    baselineUnits += productUnits.get(day) ?? 0;
    otherBaseline += otherOn(day);
  }
  if (otherBaseline <= 0) return null;
  let otherDuring = 0;
  for (const day of stockoutDays) otherDuring += otherOn(day);
  const scale = otherDuring / otherBaseline;
  return { expectedUnits: baselineUnits * scale, baselineUnits, scale };
}
