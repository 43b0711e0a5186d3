import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import type { RegionalOrder } from './geo-types.ts';

/** Per-region daily revenue and order counts over a date range. */
export interface RegionalSeries {
  dates: string[];
  revenue: Map<string, number[]>;
  orders: Map<string, number[]>;
}

/**
 * Daily revenue and order count per shipping region from the shop's orders, every day of
 * [from, to] present (a day without orders is 0).
 *
 * Definition: revenue_r,d = Σ totals of orders shipped to region r on day d; orders_r,d their count.
 * Reference: Vaver & Koehler (2011), "Measuring Ad Effectiveness Using Geo Experiments", Google
 * Inc., §2 (the geo-level time series a geo experiment is read from).
 */
export function regionalDailySeries(
  orders: readonly RegionalOrder[],
  from: string,
  to: string,
): RegionalSeries {
  const first = toDayNumber(from);
  const days = toDayNumber(to) - first + 1;
  const dates = Array.from({ length: Math.max(days, 0) }, (_, i) => fromDayNumber(first + i));
  const revenue = new Map<string, number[]>();
  const counts = new Map<string, number[]>();
  for (const order of orders) {
    const day = toDayNumber(order.date) - first;
    if (day < 0 || day >= days) continue;
    if (!revenue.has(order.region)) {
      revenue.set(order.region, new Array<number>(days).fill(0));
      counts.set(order.region, new Array<number>(days).fill(0));
    }
    revenue.get(order.region)![day]! += order.total;
    counts.get(order.region)![day]! += 1;
  }
  return { dates, revenue, orders: counts };
}
