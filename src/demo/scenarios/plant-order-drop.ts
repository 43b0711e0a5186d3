import type { DemoStore } from '../model.ts';

/**
 * Scenario knob (issue #14): a store whose orders of one shop day are halved — every other order
 * of that day is served as a test order, which Upside leaves out of sales — so the demo shows a
 * "day with half the usual orders" alert end to end. The rest of the store is untouched.
 */
export function plantOrderDrop(store: DemoStore, day: string): DemoStore {
  let seen = 0;
  const dropped = new Set<number>();
  for (let i = 0; i < store.orders.count; i += 1) {
    const order = store.getOrder(i);
    if (order.day !== day || order.test || order.cancelledAtMs !== null) continue;
    if (seen % 2 === 1) dropped.add(i);
    seen += 1;
  }
  return {
    ...store,
    getOrder(index: number) {
      const order = store.getOrder(index);
      return dropped.has(index) ? { ...order, test: true } : order;
    },
  };
}
