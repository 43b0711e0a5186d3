import { addDays } from '../../shared/calendar.ts';
import type { InventorySnapshot } from '../types.ts';

/**
 * Out-of-stock periods up to asOf from (real and inferred) snapshots: a period opens at a
 * snapshot with nothing available and closes the day before the next snapshot with stock; one
 * still open ends at asOf. Unlike `findOutOfStockPeriods` (core/stockout), every snapshot of a
 * day counts in order, as the baseline and campaign steps have always read them.
 */
export function listOutOfStockPeriods(
  snapshots: readonly InventorySnapshot[],
  asOf: string,
): { productId: string; start: string; end: string }[] {
  const periods: { productId: string; start: string; end: string }[] = [];
  const byProduct = new Map<string, { date: string; available: number }[]>();
  for (const s of snapshots) {
    if (s.date > asOf) continue;
    const list = byProduct.get(s.productId) ?? [];
    list.push(s);
    byProduct.set(s.productId, list);
  }
  for (const [productId, list] of byProduct) {
    list.sort((a, b) => (a.date < b.date ? -1 : 1));
    let open: string | null = null;
    for (const s of list) {
      if (s.available <= 0 && open === null) open = s.date;
      else if (s.available > 0 && open !== null) {
        periods.push({ productId, start: open, end: addDays(s.date, -1) });
        open = null;
      }
    }
    if (open !== null) periods.push({ productId, start: open, end: asOf });
  }
  return periods;
}
