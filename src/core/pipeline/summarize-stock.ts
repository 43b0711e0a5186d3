import { addDays } from '../../shared/calendar.ts';
import { formatDaysOfCover, LOW_STOCK_COVER_DAYS } from '../../shared/metrics.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import { classifyStock } from '../stockout/classify-stock.ts';
import type { StockStatus } from '../stockout/compute-days-of-cover.ts';
import type { StockoutLoss } from '../stockout/estimate-stockout-loss.ts';
import { STOCK_WINDOW_DAYS } from './thresholds.ts';
import type { StockRow } from './types.ts';

export interface StockSummary {
  /** The stock list, largest estimated loss first. */
  stock: StockRow[];
  /** Stock-outs ending within the stock window. */
  recentStockouts: StockoutLoss[];
  /** Lost revenue of the window's stock-outs per variant. */
  lossByVariant: Map<string, { lost: number; units: number; days: number; flagged: boolean }>;
  /** Out-of-stock days of the last 30 days per variant. */
  outDays30: Map<string, number>;
}

/**
 * The stock list: variants out of stock or low by {@link classifyStock} under their product's lead
 * time (`leadTimeOf`, decision 112: the one definition /products and the restock opportunity use), or with a stock-out in the last `STOCK_WINDOW_DAYS` days, with
 * the window's lost units and revenue; largest loss first, then least cover. Status: 'Out of stock',
 * 'Low stock · N days of cover', or 'In stock · N days of cover' (listed for a past stock-out).
 */
export function summarizeStock(
  cover: readonly StockStatus[],
  stockouts: readonly StockoutLoss[],
  labelOf: (variantId: string) => string,
  asOf: string,
  leadTimeOf: (variantId: string) => number = () => LOW_STOCK_COVER_DAYS,
): StockSummary {
  const windowStart = addDays(asOf, -STOCK_WINDOW_DAYS + 1);
  const since30 = addDays(asOf, -29);
  const asOfDay = toDayNumber(asOf);
  const recentStockouts = stockouts.filter((p) => p.end >= windowStart);
  const lossByVariant: StockSummary['lossByVariant'] = new Map();
  const outDays30 = new Map<string, number>();
  for (const p of recentStockouts) {
    const entry = lossByVariant.get(p.productId) ?? { lost: 0, units: 0, days: 0, flagged: false };
    entry.lost += p.lostRevenue;
    entry.units += p.lostUnits;
    entry.days += p.days;
    entry.flagged ||= p.baselineHadStockouts;
    lossByVariant.set(p.productId, entry);
    const from = Math.max(toDayNumber(p.start), toDayNumber(since30));
    const to = Math.min(toDayNumber(p.end), asOfDay);
    if (to >= from) outDays30.set(p.productId, (outDays30.get(p.productId) ?? 0) + to - from + 1);
  }
  const stock = cover
    .filter(
      (c) =>
        classifyStock(c.available, c.daysOfCover, leadTimeOf(c.productId)) !== 'In stock' ||
        lossByVariant.has(c.productId),
    )
    .map((c): StockRow => {
      const loss = lossByVariant.get(c.productId);
      const leadTimeDays = leadTimeOf(c.productId);
      const level = classifyStock(c.available, c.daysOfCover, leadTimeDays);
      return {
        productId: c.productId,
        product: labelOf(c.productId),
        leadTimeDays,
        status:
          level === 'Out of stock'
            ? level
            : `${level} · ${c.daysOfCover === null ? 'ample cover' : `${formatDaysOfCover(c.daysOfCover)} of cover`}`,
        available: c.available,
        dailyDemand: c.dailyDemand,
        daysOfCover: c.daysOfCover,
        outOfStockDays: loss?.days ?? 0,
        lostUnits: loss?.units ?? 0,
        estimatedLoss: loss?.lost ?? 0,
        baselineHadStockouts: loss?.flagged ?? false,
      };
    })
    .sort((a, b) => b.estimatedLoss - a.estimatedLoss || (a.daysOfCover ?? 0) - (b.daysOfCover ?? 0));
  return { stock, recentStockouts, lossByVariant, outDays30 };
}
