import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import type { InventorySnapshot, ProductSale } from '../types.ts';

/** Probability below which a run of no-sale days is taken for a stock-out rather than chance. */
export const STOCKOUT_RUN_P = 0.0001;
const BASELINE_DAYS = 56;
const MIN_RUN_DAYS = 3;

/**
 * Completes a product's inventory history with stock-outs inferred from its sales, for the days
 * before the first real snapshot.
 *
 * Why: Shopify only reports the current level, so snapshots accrue one day per day of syncing; a
 * store connected today has no history of its stock-outs, yet its sales show them.
 * Definition: for each product with at least one real snapshot, q = share of days with a sale over
 * the 56 days before a run of consecutive no-sale days and over the 56 after it, whichever is lower
 * (earlier inferred stock-outs left out; a seasonal lull lowers both sides). A run of L ≥ 3 such
 * days is a stock-out when (1 − q)^L < 0.0001 — chance alone would almost never
 * produce it; a run that ends at a first real snapshot showing nothing available is taken as that
 * stock-out's start whatever its length. Emitted snapshots: in stock (1 unit, a placeholder) from the first sale, 0 on the
 * run's first day, back in stock (1) the day after it; real snapshots always win on and after their
 * first date. Feed the result to core/stockout (findOutOfStockPeriods, estimateStockoutLoss).
 * Method: one pass over each product's days; O(days · products).
 */
export function inferStockoutSnapshots(
  snapshots: readonly InventorySnapshot[],
  sales: readonly ProductSale[],
  asOf: string,
): InventorySnapshot[] {
  const end = toDayNumber(asOf);
  const firstReal = new Map<string, number>();
  const firstRealLevel = new Map<string, number>();
  for (const s of snapshots) {
    const day = toDayNumber(s.date);
    if (day < (firstReal.get(s.productId) ?? Number.POSITIVE_INFINITY)) {
      firstReal.set(s.productId, day);
      firstRealLevel.set(s.productId, s.available);
    }
  }
  const unitsByProduct = new Map<string, Map<number, number>>();
  for (const s of sales) {
    if (!firstReal.has(s.productId) || s.units <= 0) continue;
    const days = unitsByProduct.get(s.productId) ?? new Map<number, number>();
    const day = toDayNumber(s.date);
    days.set(day, (days.get(day) ?? 0) + s.units);
    unitsByProduct.set(s.productId, days);
  }
  const inferred: InventorySnapshot[] = [];
  for (const [productId, days] of unitsByProduct) {
    const real = firstReal.get(productId)!;
    const first = Math.min(...days.keys());
    const last = Math.min(real - 1, end);
    if (first > last) continue;
    inferred.push({ productId, date: fromDayNumber(first), available: 1 });
    const out = new Set<number>();
    let day = first;
    while (day <= last) {
      if (days.has(day)) {
        day += 1;
        continue;
      }
      let runEnd = day;
      while (runEnd + 1 <= last && !days.has(runEnd + 1)) runEnd += 1;
      const length = runEnd - day + 1;
      const before = shareOfSaleDays(days, out, Math.max(first, day - BASELINE_DAYS), day - 1);
      // A run that reaches the first real snapshot is judged on the days before it alone.
      const after =
        runEnd + 1 < real
          ? shareOfSaleDays(days, out, runEnd + 1, Math.min(last, runEnd + BASELINE_DAYS))
          : before;
      const q = Math.min(before, after);
      // A run that ends where the first real snapshot shows nothing available is that stock-out.
      const confirmed = runEnd === real - 1 && (firstRealLevel.get(productId) ?? 1) <= 0;
      if (confirmed || (length >= MIN_RUN_DAYS && q > 0 && (1 - q) ** length < STOCKOUT_RUN_P)) {
        for (let d = day; d <= runEnd; d += 1) out.add(d);
        inferred.push({ productId, date: fromDayNumber(day), available: 0 });
        if (runEnd + 1 < real) inferred.push({ productId, date: fromDayNumber(runEnd + 1), available: 1 });
      }
      day = runEnd + 1;
    }
  }
  return [...inferred, ...snapshots];
}

/** Share of days in [from, to] with a sale, leaving out days already taken for stock-outs. */
function shareOfSaleDays(days: Map<number, number>, out: Set<number>, from: number, to: number): number {
  let observed = 0;
  let withSales = 0;
  for (let d = from; d <= to; d += 1) {
    if (out.has(d)) continue;
    observed += 1;
    if (days.has(d)) withSales += 1;
  }
  return observed > 0 ? withSales / observed : 0;
}
