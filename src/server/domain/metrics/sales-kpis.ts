import type { KpiValue, MoneyKpi } from '../../../shared/contracts/dashboard.ts';
import { minorToDecimal } from '../../../shared/money.ts';

/**
 * The sales KPIs as the Dashboard and the All-stores dashboard both send them (decisions 146, 160):
 * sums made in integer minor units, each amount written once as an exact decimal string, the
 * change in percent computed from the exact sums. One mapping, so the two pages cannot drift.
 */

/** The period's and the previous period's exact sums: amounts in minor units, orders a count. */
export interface SalesTotals {
  grossNow: number;
  grossThen: number;
  refundsNow: number;
  refundsThen: number;
  ordersNow: number;
  ordersThen: number;
}

const changeOf = (current: number, previous: number) =>
  previous === 0 ? null : ((current - previous) / previous) * 100;

/** A count (orders, customers) now and before. */
export function countKpi(current: number, previous: number): KpiValue {
  return { current, previous, changePercent: changeOf(current, previous) };
}

/** An amount now and before, given in minor units of a currency with `digits` decimals. */
export function moneyKpi(currentMinor: number, previousMinor: number, digits: number): MoneyKpi {
  return {
    current: minorToDecimal(currentMinor, digits),
    previous: minorToDecimal(previousMinor, digits),
    changePercent: changeOf(currentMinor, previousMinor),
  };
}

/** Order totals / orders, rounded to the minor unit (0 without orders). */
const averageOrderMinor = (grossMinor: number, orders: number) =>
  orders === 0 ? 0 : Math.round(grossMinor / orders);

/** Revenue (order totals − refunds), order totals, refunds, orders and AOV of the two periods. */
export function salesKpis(totals: SalesTotals, digits: number) {
  const { grossNow, grossThen, refundsNow, refundsThen, ordersNow, ordersThen } = totals;
  return {
    revenue: moneyKpi(grossNow - refundsNow, grossThen - refundsThen, digits),
    grossSales: moneyKpi(grossNow, grossThen, digits),
    refunds: moneyKpi(refundsNow, refundsThen, digits),
    orders: countKpi(ordersNow, ordersThen),
    averageOrderValue: moneyKpi(
      averageOrderMinor(grossNow, ordersNow),
      averageOrderMinor(grossThen, ordersThen),
      digits,
    ),
  };
}
