import { addDays } from '../../shared/calendar.ts';
import { basketLineContribution } from './basket-line-contribution.ts';
import { ordersByCustomer } from './orders-by-customer.ts';
import { type FirstProductCount, type FirstProductRow, rankFirstProducts } from './rank-first-products.ts';
import { BASKET_THRESHOLDS } from './thresholds.ts';
import type { BasketOrder, BasketWindow } from './types.ts';

/**
 * Which first product brings valuable customers back (issue #44): for each product in customers'
 * first orders placed in the window, how many customers, the share who ordered again (by the
 * window's end), and the average contribution of their orders placed within 180 days of the first
 * one, the first included (`basketLineContribution` of every line). Only customers whose first
 * order is at least 180 days before the window's end count toward the 180-day figure, so every one
 * of them had the full 180 days. `orders` must hold every sale order up to the window's end (not
 * only the window's), so a first order is the first ever. The counts are ranked by
 * `rankFirstProducts`.
 */
export function firstProductTable(orders: readonly BasketOrder[], window: BasketWindow): FirstProductRow[] {
  const horizon = BASKET_THRESHOLDS.horizonDays;
  const lastEligibleDay = addDays(window.to, -horizon);
  const rows = new Map<string, FirstProductCount>();
  for (const history of ordersByCustomer(orders)) {
    const first = history[0]!;
    if (first.day < window.from || first.day > window.to) continue;
    const repeated = history.length > 1 && history[1]!.day <= window.to;
    const eligible = first.day <= lastEligibleDay;
    let contribution = 0;
    if (eligible) {
      const end = addDays(first.day, horizon);
      for (const order of history) {
        if (order.day > end) break;
        for (const line of order.lines) contribution += basketLineContribution(line);
      }
    }
    for (const line of first.lines) {
      const row = rows.get(line.productId) ?? { customers: 0, repeat: 0, eligible: 0, contribution: 0 };
      row.customers += 1;
      if (repeated) row.repeat += 1;
      if (eligible) {
        row.eligible += 1;
        row.contribution += contribution;
      }
      rows.set(line.productId, row);
    }
  }
  return rankFirstProducts(rows);
}
