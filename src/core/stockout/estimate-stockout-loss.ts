import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import { forecastDailySeries } from '../forecast/forecast-daily-series.ts';
import type { InventorySnapshot, ProductSale } from '../types.ts';
import { findOutOfStockPeriods } from './find-out-of-stock-periods.ts';

export interface StockoutLoss {
  productId: string;
  start: string;
  end: string;
  days: number;
  ongoing: boolean;
  /** Units the baseline expected over the out-of-stock days. */
  expectedUnits: number;
  /** Units still sold in those days (back-orders, last units). */
  soldUnits: number;
  /** max(0, expected − sold). */
  lostUnits: number;
  /** Average unit price over the baseline window (or all history when the window sold nothing). */
  unitPrice: number;
  /** Gross lost revenue = lost units × unit price. */
  lostRevenue: number;
  /** Part of the gross loss lost to the store: 33–58 % of shoppers buy elsewhere or not at all (Gruen et al. 2002). */
  lostToStoreRange: { low: number; high: number };
  /** Forecast model that gave the baseline. */
  baselineModel: string;
  /** The baseline window itself contained out-of-stock days: the estimate is likely too low. */
  baselineHadStockouts: boolean;
}

/** Share of shoppers facing an out-of-stock who buy elsewhere or not at all (Gruen, Corsten & Bharadwaj 2002). */
const LOST_TO_STORE = { low: 0.33, high: 0.58 };

/**
 * Lost revenue per product and out-of-stock period.
 *
 * Definition (analytics.md §5): lost units = Σ over the out-of-stock days of the baseline daily
 * demand − units sold in those days, floored at 0; lost revenue = lost units × unit price. The
 * baseline is the forecaster's ({@link forecastDailySeries}) weekday-aware forecast of units from the
 * `baselineDays` days before the stock-out — so a Saturday-closed store expects nothing on
 * Saturdays. The gross loss is reported with the 33–58 % range of the worldwide out-of-stock study
 * of Gruen, Corsten & Bharadwaj (2002) as the part the store (not just the product) loses.
 * Method: periods from {@link findOutOfStockPeriods}; estimates whose baseline window had
 * out-of-stock days are flagged (their baseline, and so the loss, is biased low).
 */
export function estimateStockoutLoss(
  snapshots: readonly InventorySnapshot[],
  sales: readonly ProductSale[],
  asOf: string,
  baselineDays = 56,
): StockoutLoss[] {
  const periods = findOutOfStockPeriods(snapshots, asOf);
  const salesByProduct = new Map<string, Map<number, { units: number; revenue: number }>>();
  for (const s of sales) {
    const days = salesByProduct.get(s.productId) ?? new Map();
    const day = toDayNumber(s.date);
    const entry = days.get(day) ?? { units: 0, revenue: 0 };
    entry.units += s.units;
    entry.revenue += s.revenue;
    days.set(day, entry);
    salesByProduct.set(s.productId, days);
  }
  const outDaysByProduct = new Map<string, Set<number>>();
  for (const p of periods) {
    const set = outDaysByProduct.get(p.productId) ?? new Set<number>();
    for (let d = toDayNumber(p.start); d <= toDayNumber(p.end); d += 1) set.add(d);
    outDaysByProduct.set(p.productId, set);
  }
  return periods.map((period): StockoutLoss => {
    const start = toDayNumber(period.start);
    const endDay = toDayNumber(period.end);
    const days =
      salesByProduct.get(period.productId) ?? new Map<number, { units: number; revenue: number }>();
    const windowStart = start - baselineDays;
    const history = [];
    let windowUnits = 0;
    let windowRevenue = 0;
    for (let d = windowStart; d < start; d += 1) {
      const entry = days.get(d);
      history.push({ date: fromDayNumber(d), value: entry?.units ?? 0 });
      windowUnits += entry?.units ?? 0;
      windowRevenue += entry?.revenue ?? 0;
    }
    const outDays = outDaysByProduct.get(period.productId)!;
    let baselineHadStockouts = false;
    for (let d = windowStart; d < start; d += 1) if (outDays.has(d)) baselineHadStockouts = true;
    const forecast = forecastDailySeries(history, { horizon: period.days, asOf: fromDayNumber(start - 1) });
    const expectedUnits = forecast.points.reduce((sum, p) => sum + p.value, 0);
    let soldUnits = 0;
    for (let d = start; d <= endDay; d += 1) soldUnits += days.get(d)?.units ?? 0;
    let unitPrice = windowUnits > 0 ? windowRevenue / windowUnits : 0;
    if (unitPrice === 0) {
      let units = 0;
      let revenue = 0;
      for (const entry of days.values()) {
        units += entry.units;
        revenue += entry.revenue;
      }
      unitPrice = units > 0 ? revenue / units : 0;
    }
    const lostUnits = Math.max(0, expectedUnits - soldUnits);
    const lostRevenue = lostUnits * unitPrice;
    return {
      ...period,
      expectedUnits,
      soldUnits,
      lostUnits,
      unitPrice,
      lostRevenue,
      lostToStoreRange: { low: lostRevenue * LOST_TO_STORE.low, high: lostRevenue * LOST_TO_STORE.high },
      baselineModel: forecast.model,
      baselineHadStockouts,
    };
  });
}
