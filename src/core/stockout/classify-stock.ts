import { LOW_STOCK_COVER_DAYS, STOCK_DEMAND_WINDOW_DAYS } from '../../shared/metrics.ts';

export type StockLevel = 'Out of stock' | 'Low stock' | 'In stock';

/**
 * The stock state of one tracked variant from its units on hand and its days of cover.
 *
 * Definition: out of stock when no unit is available; low when it is in stock and its days of cover
 * (available ÷ in-stock daily demand over the last {@link STOCK_DEMAND_WINDOW_DAYS} days, see
 * `computeDaysOfCover`) are under the product's lead time (the one its owner set, else
 * {@link LOW_STOCK_COVER_DAYS}, decision 112); otherwise in stock — also when nothing sells (no
 * demand, cover unbounded).
 * @example classifyStock(12, 4) // 'Low stock'
 * @example classifyStock(12, 20, 30) // 'Low stock': 20 days of cover, a 30-day lead time
 */
export function classifyStock(
  available: number,
  daysOfCover: number | null,
  leadTimeDays: number = LOW_STOCK_COVER_DAYS,
): StockLevel {
  if (available <= 0) return 'Out of stock';
  if (daysOfCover !== null && daysOfCover < leadTimeDays) return 'Low stock';
  return 'In stock';
}
