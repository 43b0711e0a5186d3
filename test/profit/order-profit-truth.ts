import type { DemoOrder, DemoStore } from '../../src/demo/model.ts';
import { orderProfit } from '../../src/demo/profit/order-profit.ts';
import { costOnDay, percentOf } from '../../src/demo/profit/plan.ts';

/** The generator's planted profit parts of one sale order (decision 010), minor units. */
export interface PlantedOrderProfit {
  grossSales: number;
  discounts: number;
  /** COGS of the sale at the true cost in force on the order day. */
  saleCogs: number;
  /** COGS reversed by restocked refunds. */
  restockedCogs: number;
  /** Refunded line subtotals + refunded shipping. */
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
  let grossSales = order.shippingMinor;
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
    returns += facts.refundedShippingMinor[r]!;
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
    discounts: order.discountMinor,
    saleCogs,
    restockedCogs,
    returns,
    shippingCost: facts.shippingCostMinor,
    paymentFees,
    units,
  };
}
