import { dayToIso, localDayOf } from '../../src/demo/calendar.ts';
import type { DemoOrder, DemoStore } from '../../src/demo/model.ts';
import { orderProfit } from '../../src/demo/profit/order-profit.ts';
import { costOnDay, percentOf } from '../../src/demo/profit/plan.ts';

/** The generator's planted profit parts of one sale order (decision 010), minor units. */
export interface PlantedOrderProfit {
  /** Shopify's gross sales: Σ unit price × quantity; no shipping, no taxes (decision 109). */
  grossSales: number;
  /** Shipping charged minus shipping refunded. */
  shippingCharges: number;
  discounts: number;
  /** COGS of the sale at the true cost in force on the order day. */
  saleCogs: number;
  /** COGS reversed by restocked refunds. */
  restockedCogs: number;
  /** Refunded line subtotals (refunded shipping comes off `shippingCharges`). */
  returns: number;
  shippingCost: number;
  paymentFees: number;
  units: number;
}

/**
 * What the generator planted for an order, computed from its own plan (true costs, the true
 * shipping cost, gateway fees or the owner's rule): the independent side the order lookup and
 * the other per-order profit reads are checked against.
 */
export function plantedOrderProfit(store: DemoStore, order: DemoOrder): PlantedOrderProfit {
  const plan = store.profit;
  const facts = orderProfit(plan, order);
  const lineCost = (index: number) => costOnDay(plan, order.lineItems[index]!.variantIndex, order.day);
  let grossSales = 0;
  let shippingCharges = order.shippingMinor;
  let saleCogs = 0;
  let units = 0;
  order.lineItems.forEach((line, i) => {
    grossSales += line.unitPriceMinor * line.quantity;
    saleCogs += line.quantity * lineCost(i);
    units += line.quantity;
  });
  let returns = 0;
  let restockedCogs = 0;
  order.refunds.forEach((refund, r) => {
    shippingCharges -= facts.refundedShippingMinor[r]!;
    refund.lines.forEach((line, p) => {
      returns += line.subtotalMinor;
      if (facts.restocked[r]![p]) restockedCogs += line.quantity * lineCost(line.lineItemIndex);
    });
  });
  let paymentFees = 0;
  for (const t of facts.transactions) {
    if (t.status !== 'SUCCESS' || (t.kind !== 'SALE' && t.kind !== 'CAPTURE')) continue;
    const rule = plan.feeRules.find((x) => x.gateway === t.gateway);
    paymentFees += t.fee
      ? t.fee.amountMinor
      : rule
        ? percentOf(t.amountMinor, rule.percent) + rule.fixedMinor
        : 0;
  }
  return {
    grossSales,
    shippingCharges,
    discounts: order.discountMinor,
    saleCogs,
    restockedCogs,
    returns,
    shippingCost: facts.shippingCostMinor,
    paymentFees,
    units,
  };
}

/** What the generator planted over shop days `from`..`to`, dated as revenue is (decision 025). */
export interface PlantedWindow {
  /** Contribution before marketing: sales of orders placed in the window, refunds made in it. */
  contribution: number;
  netRevenue: number;
  /**
   * Customers (Shopify customer records, decision 056) whose first sale order ever was placed in
   * the window, and all customers with a sale order in it; guest checkouts are no customers.
   */
  newCustomers: number;
  customers: number;
  /** Sale orders of the window without a customer record (guest checkouts). */
  guestOrders: number;
}

/** Sums the planted profit of every sale order and refund of the window. */
export function plantedWindow(store: DemoStore, from: string, to: string): PlantedWindow {
  const firstOrderSeen = new Set<number>();
  const customers = new Set<string>();
  let contribution = 0;
  let netRevenue = 0;
  let newCustomers = 0;
  let guestOrders = 0;
  for (let i = 0; i < store.orders.count; i += 1) {
    const order = store.getOrder(i);
    if (order.test || order.cancelledAtMs !== null) continue;
    const isFirst = order.customerIndex !== null && !firstOrderSeen.has(order.customerIndex);
    if (order.customerIndex !== null) firstOrderSeen.add(order.customerIndex);
    const planted = plantedOrderProfit(store, order);
    if (order.day >= from && order.day <= to) {
      contribution +=
        planted.grossSales +
        order.shippingMinor -
        planted.discounts -
        planted.saleCogs -
        planted.shippingCost -
        planted.paymentFees;
      netRevenue += order.totalMinor;
      if (order.customerIndex === null) guestOrders += 1;
      else customers.add(String(order.customerIndex));
      if (isFirst) newCustomers += 1;
    }
    const facts = orderProfit(store.profit, order);
    order.refunds.forEach((refund, r) => {
      const day = dayToIso(localDayOf(store.profit.timeZone, refund.createdAtMs));
      if (day < from || day > to) return;
      netRevenue -= refund.totalMinor;
      let returned = facts.refundedShippingMinor[r]!;
      let restocked = 0;
      refund.lines.forEach((line, p) => {
        returned += line.subtotalMinor;
        if (facts.restocked[r]![p])
          restocked +=
            line.quantity *
            costOnDay(store.profit, order.lineItems[line.lineItemIndex]!.variantIndex, order.day);
      });
      contribution -= returned - restocked;
    });
  }
  return { contribution, netRevenue, newCustomers, customers: customers.size, guestOrders };
}
