import { addDays } from '../../shared/calendar.ts';
import type { DemoStore } from '../model.ts';

/** Same weekdays the alerts' weekday baseline looks back over (core/alerts). */
const BASELINE_WEEKS = 8;

/**
 * Scenario knob (issue #14): a store whose last open day up to `day` has half its usual orders, so
 * the demo shows an "orders unusually low" alert end to end, whatever the calendar says. "Usual" is
 * the mean of the same weekday's sales over the 8 weeks before (what the alert judges against), not
 * that day's own demand: halving Black Friday would still leave more orders than a usual Friday. A
 * closed day (Thanksgiving, Dec 25, Jan 1) has no orders to drop, and the alerts judge the last day
 * with sales, so the drop moves back to that day. Dropped orders are served as test orders, which
 * Upside leaves out of sales; the rest of the store is untouched.
 */
export function plantOrderDrop(store: DemoStore, day: string): DemoStore {
  const sales = new Map<string, number[]>();
  for (let i = 0; i < store.orders.count; i += 1) {
    const order = store.getOrder(i);
    if (order.day > day || order.test || order.cancelledAtMs !== null) continue;
    const indices = sales.get(order.day) ?? [];
    indices.push(i);
    sales.set(order.day, indices);
  }
  const days = [...sales.keys()].sort();
  const dropDay = days.at(-1);
  if (dropDay === undefined) return store;
  const firstDay = days[0]!;
  const weeks = Array.from({ length: BASELINE_WEEKS }, (_, k) => addDays(dropDay, -7 * (k + 1))).filter(
    (d) => d >= firstDay,
  );
  const usual = weeks.reduce((sum, d) => sum + (sales.get(d)?.length ?? 0), 0) / Math.max(1, weeks.length);
  const orders = sales.get(dropDay)!;
  const keep = Math.min(orders.length, Math.floor(usual / 2));
  // Keep `keep` of the day's orders spread evenly over it, drop the others.
  const dropped = new Set(
    orders.filter(
      (_, j) => Math.floor(((j + 1) * keep) / orders.length) === Math.floor((j * keep) / orders.length),
    ),
  );
  return {
    ...store,
    getOrder(index: number) {
      const order = store.getOrder(index);
      return dropped.has(index) ? { ...order, test: true } : order;
    },
  };
}
