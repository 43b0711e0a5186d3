import type { BasketOrder } from './types.ts';

/**
 * Each customer's orders in the order they were placed (guest orders, without a customer, are
 * left out). The orders come in placing order (the reader sorts them by time, then id), and
 * the grouping keeps it.
 */
export function ordersByCustomer(orders: readonly BasketOrder[]): BasketOrder[][] {
  const byCustomer = new Map<string, BasketOrder[]>();
  for (const order of orders) {
    if (order.customerId === null) continue;
    const list = byCustomer.get(order.customerId);
    if (list) list.push(order);
    else byCustomer.set(order.customerId, [order]);
  }
  return [...byCustomer.values()];
}
