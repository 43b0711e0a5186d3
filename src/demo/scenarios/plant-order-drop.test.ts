import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/calendar.ts';
import { generateStore } from '../generate-store.ts';
import type { DemoStore } from '../model.ts';
import { plantOrderDrop } from './plant-order-drop.ts';

/** Valid (not test, not cancelled) orders per shop day. */
function salesByDay(store: DemoStore): Map<string, number> {
  const sales = new Map<string, number>();
  for (let i = 0; i < store.orders.count; i += 1) {
    const order = store.getOrder(i);
    if (order.test || order.cancelledAtMs !== null) continue;
    sales.set(order.day, (sales.get(order.day) ?? 0) + 1);
  }
  return sales;
}

const usualOf = (sales: Map<string, number>, day: string) =>
  Array.from({ length: 8 }, (_, k) => sales.get(addDays(day, -7 * (k + 1))) ?? 0).reduce((a, b) => a + b, 0) /
  8;

// The demo's end date is yesterday, so the drop must hold on an ordinary day, on Black Friday
// (demand × 2.6: halving it left more orders than a usual Friday) and on Thanksgiving (closed).
describe('plantOrderDrop', () => {
  it.each([
    ['an ordinary Saturday', '2026-10-31', '2026-10-31'],
    ['Black Friday', '2026-11-27', '2026-11-27'],
    ['Thanksgiving, when the shop is closed', '2026-11-26', '2026-11-25'],
  ])('leaves half the usual orders on %s', (_, endDate, dropDay) => {
    const store = generateStore({ preset: 'small', seed: 42, endDate });
    const before = salesByDay(store);
    const after = salesByDay(plantOrderDrop(store, endDate));
    const usual = usualOf(before, dropDay);
    expect(usual).toBeGreaterThan(4);
    expect(after.get(dropDay)).toBe(Math.min(before.get(dropDay)!, Math.floor(usual / 2)));
    // Every other day is untouched.
    for (const [day, count] of before) if (day !== dropDay) expect(after.get(day), day).toBe(count);
  });
});
