import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import { forecastDailySeries } from '../forecast/forecast-daily-series.ts';
import type { InventorySnapshot, ProductSale } from '../types.ts';
import { expectUnitsFromStoreShare } from './expect-units-from-store-share.ts';
import { findOutOfStockPeriods } from './find-out-of-stock-periods.ts';
import { predictLostUnitsRange } from './predict-lost-units-range.ts';

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
  /** Average unit price over the baseline windows, before and after (or all history when they sold nothing). */
  unitPrice: number;
  /** Gross lost revenue = lost units × unit price. */
  lostRevenue: number;
  /** Units of the product over the baseline's in-stock days (the count the baseline rests on). */
  baselineUnits: number;
  /** Expected units per baseline unit; with baselineUnits it gives the range ({@link predictLostUnitsRange}). */
  baselineScale: number;
  /** Central 80 % range of the gross lost revenue: baseline and demand noise ({@link predictLostUnitsRange}). */
  lostRevenueRange: { low: number; high: number };
  /** Part of the gross loss lost to the store: 33–58 % of shoppers buy elsewhere or not at all (Gruen et al. 2002). */
  lostToStoreRange: { low: number; high: number };
  /** What gave the baseline: 'store-share', or the forecast model when the store sells nothing else. */
  baselineModel: string;
  /** The baseline window itself contained out-of-stock days: the estimate is likely too low. */
  baselineHadStockouts: boolean;
}

/**
 * Days after a restock left out of the baseline: shoppers who waited for the product buy it then,
 * and that recovered demand would raise the share and so count itself as lost.
 */
export const RESTOCK_BUMP_DAYS = 7;

/** Share of shoppers facing an out-of-stock who buy elsewhere or not at all (Gruen, Corsten & Bharadwaj 2002). */
const LOST_TO_STORE = { low: 0.33, high: 0.58 };

/**
 * Lost revenue per product and out-of-stock period.
 *
 * Definition (analytics.md §5): lost units = Σ over the out-of-stock days of the baseline daily
 * demand − units sold in those days, floored at 0; lost revenue = lost units × unit price. The
 * baseline comes from the in-stock days among the `baselineDays` days before the stock-out (from
 * the product's first snapshot on) and, once it has ended, among the `baselineDays` days after it
 * (up to asOf, leaving out the first {@link RESTOCK_BUMP_DAYS}): the product's share of the
 * store's units there, applied to the other products' units on the stock-out days
 * ({@link expectUnitsFromStoreShare}). So a baseline holding Black Friday does not inflate a
 * December estimate, and a stock-out during a peak expects the peak's demand. Both sides, because
 * the share rests on a count of the product's units whose Poisson noise shrinks only with more
 * days (a stock-out a month after the data begins had ±20 % from that month alone), and a share
 * drifting steadily cancels between a window before and one after. A store selling nothing else
 * falls back to the forecaster's ({@link forecastDailySeries}) weekday-aware forecast of the
 * product's units over the days before. The range ({@link predictLostUnitsRange}) adds the
 * baseline count's and the demand's own Poisson noise. The gross loss is reported with the 33–58 % range of the worldwide out-of-stock study of Gruen, Corsten &
 * Bharadwaj (2002) as the part the store (not just the product) loses.
 * Method: periods from {@link findOutOfStockPeriods}; estimates whose baseline window had
 * out-of-stock days are flagged (those days are left out of the share, but a recovering product
 * may still sell below its usual share).
 */
export function estimateStockoutLoss(
  snapshots: readonly InventorySnapshot[],
  sales: readonly ProductSale[],
  asOf: string,
  baselineDays = 56,
): StockoutLoss[] {
  const periods = findOutOfStockPeriods(snapshots, asOf);
  const asOfDay = toDayNumber(asOf);
  const firstKnownDay = new Map<string, number>();
  for (const s of snapshots) {
    const day = toDayNumber(s.date);
    firstKnownDay.set(s.productId, Math.min(firstKnownDay.get(s.productId) ?? day, day));
  }
  const salesByProduct = new Map<string, Map<number, { units: number; revenue: number }>>();
  const unitsByProduct = new Map<string, Map<number, number>>();
  const storeUnits = new Map<number, number>();
  for (const s of sales) {
    const days = salesByProduct.get(s.productId) ?? new Map();
    const units = unitsByProduct.get(s.productId) ?? new Map<number, number>();
    const day = toDayNumber(s.date);
    const entry = days.get(day) ?? { units: 0, revenue: 0 };
    entry.units += s.units;
    entry.revenue += s.revenue;
    days.set(day, entry);
    units.set(day, entry.units);
    storeUnits.set(day, (storeUnits.get(day) ?? 0) + s.units);
    salesByProduct.set(s.productId, days);
    unitsByProduct.set(s.productId, units);
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
    const outDays = outDaysByProduct.get(period.productId)!;
    const windowStart = start - baselineDays;
    const inStockDays: number[] = [];
    const stockoutDays: number[] = [];
    let windowUnits = 0;
    let windowRevenue = 0;
    let baselineHadStockouts = false;
    const addBaselineDay = (d: number) => {
      const entry = days.get(d);
      windowUnits += entry?.units ?? 0;
      windowRevenue += entry?.revenue ?? 0;
      if (outDays.has(d)) baselineHadStockouts = true;
      else if (d >= (firstKnownDay.get(period.productId) ?? d)) inStockDays.push(d);
    };
    for (let d = windowStart; d < start; d += 1) addBaselineDay(d);
    const unitsBefore = windowUnits;
    if (!period.ongoing)
      for (let d = endDay + 1 + RESTOCK_BUMP_DAYS; d <= Math.min(endDay + baselineDays, asOfDay); d += 1)
        addBaselineDay(d);
    for (let d = start; d <= endDay; d += 1) stockoutDays.push(d);
    const share = expectUnitsFromStoreShare(
      unitsByProduct.get(period.productId) ?? new Map(),
      storeUnits,
      inStockDays,
      stockoutDays,
    );
    const baseline = share
      ? { ...share, model: 'store-share' }
      : forecastBaseline(days, windowStart, start, period.days, baselineDays, unitsBefore);
    const { expectedUnits } = baseline;
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
    const range = predictLostUnitsRange(baseline.baselineUnits, baseline.scale, soldUnits);
    return {
      ...period,
      expectedUnits,
      soldUnits,
      lostUnits,
      unitPrice,
      lostRevenue,
      baselineUnits: baseline.baselineUnits,
      baselineScale: baseline.scale,
      lostRevenueRange: { low: range.low * unitPrice, high: range.high * unitPrice },
      lostToStoreRange: { low: lostRevenue * LOST_TO_STORE.low, high: lostRevenue * LOST_TO_STORE.high },
      baselineModel: baseline.model,
      baselineHadStockouts,
    };
  });
}

/** The single-product fallback: the forecaster's weekday-aware forecast of the product's own units. */
function forecastBaseline(
  days: ReadonlyMap<number, { units: number }>,
  windowStart: number,
  start: number,
  horizon: number,
  baselineDays: number,
  windowUnits: number,
) {
  const history = [];
  for (let d = windowStart; d < start; d += 1)
    history.push({ date: fromDayNumber(d), value: days.get(d)?.units ?? 0 });
  const forecast = forecastDailySeries(history, { horizon, asOf: fromDayNumber(start - 1) });
  const expectedUnits = forecast.points.reduce((sum, p) => sum + p.value, 0);
  return {
    expectedUnits,
    baselineUnits: windowUnits,
    // Expected units per baseline unit (the mean daily rate's when the window sold nothing).
    scale: windowUnits > 0 ? expectedUnits / windowUnits : horizon / baselineDays,
    model: forecast.model,
  };
}
