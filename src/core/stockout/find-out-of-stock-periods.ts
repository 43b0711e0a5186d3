import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import type { InventorySnapshot } from '../types.ts';

export interface OutOfStockPeriod {
  productId: string;
  /** First day with nothing available. */
  start: string;
  /** Last day with nothing available (asOf when still out of stock). */
  end: string;
  days: number;
  /** Still out of stock at asOf. */
  ongoing: boolean;
}

/**
 * Out-of-stock periods per product from inventory snapshots.
 *
 * Definition: a day is out of stock when the latest snapshot on or before it shows available ≤ 0
 * (a snapshot holds until the next one); consecutive such days form one period. Days before a
 * product's first snapshot are unknown and never counted; snapshots after asOf are ignored.
 * Method: sort each product's snapshots and walk the days up to asOf (default: the last snapshot
 * date); O(days · products).
 */
export function findOutOfStockPeriods(
  snapshots: readonly InventorySnapshot[],
  asOf?: string,
): OutOfStockPeriod[] {
  // A reduce, not Math.max(...array): a warehouse can hold more snapshots than a call has arguments.
  const end = asOf
    ? toDayNumber(asOf)
    : snapshots.reduce((max, s) => Math.max(max, toDayNumber(s.date)), Number.NEGATIVE_INFINITY);
  const byProduct = new Map<string, Map<number, number>>();
  for (const s of snapshots) {
    const day = toDayNumber(s.date);
    if (day > end) continue;
    const days = byProduct.get(s.productId) ?? new Map<number, number>();
    days.set(day, s.available);
    byProduct.set(s.productId, days);
  }
  const periods: OutOfStockPeriod[] = [];
  for (const [productId, days] of [...byProduct].sort(([p], [q]) => (p < q ? -1 : 1))) {
    const first = [...days.keys()].reduce((min, d) => Math.min(min, d));
    let available = 0;
    let openStart: number | null = null;
    const close = (last: number, ongoing: boolean) => {
      periods.push({
        productId,
        start: fromDayNumber(openStart!),
        end: fromDayNumber(last),
        days: last - openStart! + 1,
        ongoing,
      });
      openStart = null;
    };
    for (let day = first; day <= end; day += 1) {
      available = days.get(day) ?? available;
      if (available <= 0 && openStart === null) openStart = day;
      if (available > 0 && openStart !== null) close(day - 1, false);
    }
    if (openStart !== null) close(end, true);
  }
  return periods;
}
