import { STOCK_DEMAND_WINDOW_DAYS } from '../../shared/metrics.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import type { InventorySnapshot, ProductSale } from '../types.ts';
import { findOutOfStockPeriods } from './find-out-of-stock-periods.ts';

export interface StockStatus {
  productId: string;
  available: number;
  /** Units sold in the window, and the in-stock days among its days (the demand's two terms). */
  unitsSold: number;
  inStockDays: number;
  /** Mean units sold per in-stock day over the window (null when no in-stock day in it). */
  dailyDemand: number | null;
  /** available / dailyDemand; null when nothing sells (cover is then unbounded) or out of stock. */
  daysOfCover: number | null;
  status: 'out of stock' | 'in stock';
}

/**
 * Stock status and days of cover per product at asOf (design §6 `status`).
 *
 * Definition: available = the latest snapshot on or before asOf; daily demand = units sold in the
 * last `windowDays` days (asOf included) divided by the in-stock days among them — out-of-stock
 * days are left out, since nothing could sell then and counting them would understate demand;
 * days of cover = available / daily demand.
 * Method: out-of-stock days from {@link findOutOfStockPeriods}; O(n).
 */
export function computeDaysOfCover(
  snapshots: readonly InventorySnapshot[],
  sales: readonly ProductSale[],
  asOf: string,
  windowDays = STOCK_DEMAND_WINDOW_DAYS,
): StockStatus[] {
  const end = toDayNumber(asOf);
  const start = end - windowDays + 1;
  const latest = new Map<string, { day: number; available: number }>();
  const firstDay = new Map<string, number>();
  for (const s of snapshots) {
    const day = toDayNumber(s.date);
    if (day > end) continue;
    firstDay.set(s.productId, Math.min(firstDay.get(s.productId) ?? day, day));
    const previous = latest.get(s.productId);
    if (!previous || day >= previous.day) latest.set(s.productId, { day, available: s.available });
  }
  const outDays = new Map<string, number>();
  for (const p of findOutOfStockPeriods(snapshots, asOf)) {
    const from = Math.max(start, toDayNumber(p.start));
    const to = Math.min(end, toDayNumber(p.end));
    if (to >= from) outDays.set(p.productId, (outDays.get(p.productId) ?? 0) + (to - from + 1));
  }
  const units = new Map<string, number>();
  for (const s of sales) {
    const day = toDayNumber(s.date);
    if (day >= start && day <= end) units.set(s.productId, (units.get(s.productId) ?? 0) + s.units);
  }
  return [...latest]
    .sort(([p], [q]) => (p < q ? -1 : 1))
    .map(([productId, { day, available }]) => {
      const knownDays = Math.min(windowDays, end - Math.max(start, firstDay.get(productId) ?? day) + 1);
      const inStockDays = knownDays - (outDays.get(productId) ?? 0);
      const unitsSold = units.get(productId) ?? 0;
      const dailyDemand = inStockDays > 0 ? unitsSold / inStockDays : null;
      const out = available <= 0;
      return {
        productId,
        available,
        unitsSold,
        inStockDays: Math.max(0, inStockDays),
        dailyDemand,
        daysOfCover: !out && dailyDemand !== null && dailyDemand > 0 ? available / dailyDemand : null,
        status: out ? 'out of stock' : 'in stock',
      };
    });
}
