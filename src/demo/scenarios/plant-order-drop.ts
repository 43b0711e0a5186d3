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
 * with sales, so the drop moves back to that day. The day keeps its smallest orders (by total; ties
 * by order index) and loses its largest, the way a day whose big baskets failed to check out looks:
 * its revenue and contribution margin fall further than its order count, so the contribution-margin
 * alert sees the drop clearly against its wide weekday interval, not by a few dollars (decision
 * 123). Dropped orders are served as test orders, which Upside leaves out of sales; the rest of the
 * store is untouched.
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
  // Keep the day's `keep` smallest orders, drop the others.
  const totals = new Map(orders.map((i) => [i, store.getOrder(i).totalMinor]));
  const bySize = [...orders].sort((a, b) => totals.get(a)! - totals.get(b)! || a - b);
  const dropped = new Set(bySize.slice(keep));
  return {
    ...store,
    getOrder(index: number) {
      const order = store.getOrder(index);
      return dropped.has(index) ? { ...order, test: true } : order;
    },
  };
}
