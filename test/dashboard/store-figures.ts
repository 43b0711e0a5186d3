import { adPlatformTruth } from '../../src/demo/ad-platforms/ad-platform-truth.ts';
import { demoAdPlatformPlan } from '../../src/demo/ad-platforms/plan-ad-platforms.ts';
import { dayToIso, localDayOf } from '../../src/demo/calendar.ts';
import type { DemoStore } from '../../src/demo/model.ts';

/** A period's dashboard figures computed straight from a generated demo store (the emulators' source). */

export const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

export interface Expected {
  gross: number;
  orders: number;
  refunds: number;
  refundCount: number;
  newCustomers: number;
  returningCustomers: number;
  /** Meta's spend. */
  spend: number;
  /** Every planted ad account's spend in the shop currency: Meta's, Google Ads' and TikTok's (issue #39). */
  adSpend: number;
  productSales: Map<number, number>;
}

/** The period's figures straight from the generated store: valid orders, refunds on their local day. */
export function expectedFigures(store: DemoStore, start: string, end: string): Expected {
  const tz = store.shop.ianaTimezone;
  const result: Expected = {
    gross: 0,
    orders: 0,
    refunds: 0,
    refundCount: 0,
    newCustomers: 0,
    returningCustomers: 0,
    spend: 0,
    adSpend: 0,
    productSales: new Map(),
  };
  const firstDay = new Map<number, string>();
  const active = new Set<number>();
  for (let i = 0; i < store.orders.count; i += 1) {
    const order = store.getOrder(i);
    if (order.test || order.cancelledAtMs !== null) continue;
    if (order.customerIndex !== null) {
      const known = firstDay.get(order.customerIndex);
      if (known === undefined || order.day < known) firstDay.set(order.customerIndex, order.day);
    }
    for (const refund of order.refunds) {
      const day = dayToIso(localDayOf(tz, refund.createdAtMs));
      if (day < start || day > end) continue;
      result.refunds += refund.totalMinor;
      result.refundCount += 1;
    }
    if (order.day < start || order.day > end) continue;
    result.gross += order.totalMinor;
    result.orders += 1;
    if (order.customerIndex !== null) active.add(order.customerIndex);
    for (const item of order.lineItems) {
      const productId = store.products[store.variants[item.variantIndex]!.productIndex]!.legacyId;
      const sales = item.unitPriceMinor * item.quantity - item.discountMinor;
      result.productSales.set(productId, (result.productSales.get(productId) ?? 0) + sales);
    }
  }
  for (const customer of active) {
    if ((firstDay.get(customer) ?? '') >= start) result.newCustomers += 1;
    else result.returningCustomers += 1;
  }
  for (const row of store.meta.daily) if (row.day >= start && row.day <= end) result.spend += row.spendMinor;
  result.adSpend = result.spend;
  for (const account of Object.values(
    adPlatformTruth(demoAdPlatformPlan(store.config), store.shop.currencyCode),
  ))
    for (const [day, minor] of Object.entries(account.dailyShopSpendMinor))
      if (day >= start && day <= end) result.adSpend += minor;
  return result;
}

/** The store's last day with a valid (non-test, non-cancelled) order. */
export function lastOrderDay(store: DemoStore): string {
  let last = '';
  for (let i = 0; i < store.orders.count; i += 1) {
    const order = store.getOrder(i);
    if (!order.test && order.cancelledAtMs === null && order.day > last) last = order.day;
  }
  return last;
}
