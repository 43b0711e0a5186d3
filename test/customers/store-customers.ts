import type { DemoStore } from '../../src/demo/model.ts';

export interface CustomerTruth {
  orders: number;
  revenueMinor: number;
  lastDay: string;
  name: string;
  email: string;
}

/** Per customer (legacy id), their valid orders up to the store's last day with an order. */
export function customerTruth(store: DemoStore): { asOf: string; customers: Map<string, CustomerTruth> } {
  const customers = new Map<string, CustomerTruth>();
  let asOf = '';
  for (let i = 0; i < store.orders.count; i += 1) {
    const order = store.getOrder(i);
    if (order.test || order.cancelledAtMs !== null) continue;
    if (order.day > asOf) asOf = order.day;
    if (order.customerIndex === null) continue;
    const c = store.customers[order.customerIndex]!;
    const entry = customers.get(String(c.legacyId)) ?? {
      orders: 0,
      revenueMinor: 0,
      lastDay: '',
      name: `${c.firstName} ${c.lastName}`,
      email: c.email,
    };
    entry.orders += 1;
    entry.revenueMinor += order.totalMinor;
    if (order.day > entry.lastDay) entry.lastDay = order.day;
    customers.set(String(c.legacyId), entry);
  }
  return { asOf, customers };
}
