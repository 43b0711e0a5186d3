import { addDays } from '../../shared/calendar.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import type { StockPosition } from '../opportunities/detect-stock-opportunities.ts';
import type { StockStatus } from '../stockout/compute-days-of-cover.ts';
import type { InventorySnapshot, ProductSale } from '../types.ts';
import { listOutOfStockPeriods } from './list-out-of-stock-periods.ts';

/** Days of the in-stock sales baseline the stock detectors size a current stock-out with. */
const BASELINE_DAYS = 56;

/**
 * Each variant's stock position for the stock detectors: available units, its in-stock demand, unit
 * price (last 56 days), and its out-of-stock days and lost revenue of the last 30 days. The demand
 * of a variant in stock is the one its days of cover use (`computeDaysOfCover`, 28 days), so the
 * restock opportunity states the cover / and /products show; a variant out of stock now is sized on
 * the last 56 days less its out-of-stock days, since it may have had few in-stock days lately.
 */
export function buildStockPositions(
  cover: readonly StockStatus[],
  sales: readonly ProductSale[],
  snapshots: readonly InventorySnapshot[],
  asOf: string,
  labelOf: (id: string) => string,
  lossByVariant: ReadonlyMap<string, { lost: number }>,
  outDays30: ReadonlyMap<string, number>,
  leadTimeOf: (id: string) => number,
): StockPosition[] {
  const windowStart = addDays(asOf, -(BASELINE_DAYS - 1));
  const salesBy = new Map<string, { units: number; revenue: number }>();
  for (const s of sales) {
    if (s.date < windowStart || s.date > asOf) continue;
    const entry = salesBy.get(s.productId) ?? { units: 0, revenue: 0 };
    entry.units += s.units;
    entry.revenue += s.revenue;
    salesBy.set(s.productId, entry);
  }
  const outDaysInWindow = new Map<string, number>();
  for (const period of listOutOfStockPeriods(snapshots, asOf)) {
    const from = Math.max(toDayNumber(period.start), toDayNumber(windowStart));
    const to = Math.min(toDayNumber(period.end), toDayNumber(asOf));
    if (to >= from)
      outDaysInWindow.set(period.productId, (outDaysInWindow.get(period.productId) ?? 0) + to - from + 1);
  }
  return cover.map((c) => {
    const s = salesBy.get(c.productId);
    const baselineDays = BASELINE_DAYS - (outDaysInWindow.get(c.productId) ?? 0);
    const inStock = c.status === 'in stock';
    return {
      productId: c.productId,
      title: labelOf(c.productId),
      available: c.available,
      leadTimeDays: leadTimeOf(c.productId),
      baselineUnits: inStock ? c.unitsSold : (s?.units ?? 0),
      baselineDays: inStock ? c.inStockDays : Math.max(0, baselineDays),
      unitPrice: s && s.units > 0 ? s.revenue / s.units : 0,
      outOfStockDays30: outDays30.get(c.productId) ?? 0,
      lostRevenue30: lossByVariant.get(c.productId)?.lost ?? 0,
    };
  });
}
