import { addDays } from '../../shared/calendar.ts';
import { toCustomerLedger } from '../ledger/to-customer-ledger.ts';
import { journeyKey } from './journey-key.ts';
import { RECENT_ORDER_DAYS } from './thresholds.ts';
import type {
  AnalysisFacts,
  AnalysisOrder,
  OrderDayGroup,
  OrderJourney,
  ProductLandingGroup,
} from './types.ts';

/** The facts made of orders: what `groupOrderFacts` returns and the warehouse reader sums in SQL. */
export type OrderFacts = Pick<
  AnalysisFacts,
  'orderDays' | 'customerOrders' | 'productLandings' | 'recentOrders'
>;

const journeyOf = (o: OrderJourney): OrderJourney => ({
  lastChannel: o.lastChannel,
  firstChannel: o.firstChannel,
  utmCampaign: o.utmCampaign,
  firstCampaign: o.firstCampaign,
});

/**
 * A list of orders as the analysis reads them (AnalysisFacts' order fields).
 *
 * Definition: orders after asOf are left out. `orderDays`: per day and journey, the count and the
 * sum of gross totals, in input order; `customerOrders`: the customers' orders as a ledger
 * (guests left out); `productLandings`: per journey and landing product handle, the count (orders
 * without a product landing left out); `recentOrders`: subtotal and shipping of each order of the
 * last `RECENT_ORDER_DAYS` days. The warehouse reader (`loadAnalysisFacts`) builds the same groups
 * in SQL; this is the definition it is tested against, and how tests build facts from a generated store.
 * Groups come in the order of their first order.
 *
 * @example groupOrderFacts([order], order.date).orderDays[0].orders // 1
 */
export function groupOrderFacts(orders: readonly AnalysisOrder[], asOf: string): OrderFacts {
  const recentAfter = addDays(asOf, -RECENT_ORDER_DAYS);
  const days = new Map<string, OrderDayGroup>();
  const landings = new Map<string, ProductLandingGroup>();
  const recentOrders: OrderFacts['recentOrders'] = [];
  const transactions: { customerId: string; date: string; amount: number }[] = [];
  for (const o of orders) {
    if (o.date > asOf) continue;
    const journey = journeyKey(o);
    const dayKey = `${o.date}|${journey}`;
    const day = days.get(dayKey);
    if (day) {
      day.orders += 1;
      day.total += o.total;
    } else days.set(dayKey, { ...journeyOf(o), date: o.date, orders: 1, total: o.total });
    if (o.landingHandle !== null) {
      const landingKey = `${o.landingHandle}|${journey}`;
      const landing = landings.get(landingKey);
      if (landing) landing.orders += 1;
      else landings.set(landingKey, { ...journeyOf(o), landingHandle: o.landingHandle, orders: 1 });
    }
    if (o.date > recentAfter) recentOrders.push({ date: o.date, subtotal: o.subtotal, shipping: o.shipping });
    if (o.customerId !== null) transactions.push({ customerId: o.customerId, date: o.date, amount: o.total });
  }
  return {
    orderDays: [...days.values()],
    customerOrders: toCustomerLedger(transactions),
    productLandings: [...landings.values()],
    recentOrders,
  };
}
