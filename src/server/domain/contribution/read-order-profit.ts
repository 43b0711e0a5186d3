import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { marginRate } from '../../../core/metrics/margin-rate.ts';
import { contributionOf } from '../../../core/profit/contribution-of.ts';
import type { OrderLookupProfit } from '../../../shared/contracts/shopify.ts';
import { currencyDigitsOf, minorToDecimal } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { ORDER_REFUNDS_JOIN, ORDER_SALE, ORDER_SALE_JOINS } from './contribution-sql.ts';

export type OrderProfitAnswer =
  | { profit: OrderLookupProfit; profit_unavailable: null }
  | { profit: null; profit_unavailable: string };

const OrderProfitRow = z.object({
  test: z.boolean(),
  cancelled: z.boolean(),
  currency: z.string(),
  gross_sales: z.string(),
  shipping_charges: z.string(),
  discounts: z.string(),
  cogs: z.string(),
  shipping: z.string(),
  shipping_estimated: z.number(),
  payment_fees: z.string(),
  units: z.string(),
  units_with_cost: z.string(),
  returns: z.string(),
  restocked_cogs: z.string(),
});

/**
 * The profit of one order for the order lookup (decision 010 per order, before marketing): its
 * lines at their frozen costs, its shipping cost and fees, and every refund made on it so far.
 * An order the warehouse has not synced yet, or one that is not a sale (test, cancelled), has
 * no profit and says why.
 */
export async function readOrderProfit(
  db: Db,
  workspaceId: string,
  orderId: number,
): Promise<OrderProfitAnswer> {
  const [row] = await queryRows(
    db,
    OrderProfitRow,
    sql`SELECT o.test, o.cancelled_at IS NOT NULL AS cancelled, o.currency_code AS currency,
          ${ORDER_SALE.grossSales}::text AS gross_sales, ${ORDER_SALE.discounts}::text AS discounts,
          (${ORDER_SALE.shippingCharges} - refunds.shipping_refunded_minor)::text AS shipping_charges,
          ${ORDER_SALE.cogs}::text AS cogs, ${ORDER_SALE.shipping}::text AS shipping,
          ${ORDER_SALE.shippingEstimated} AS shipping_estimated, ${ORDER_SALE.paymentFees}::text AS payment_fees,
          ${ORDER_SALE.units}::text AS units, ${ORDER_SALE.unitsWithCost}::text AS units_with_cost,
          refunds.returns_minor::text AS returns, refunds.cogs_minor::text AS restocked_cogs
        FROM wh_orders o ${ORDER_SALE_JOINS} ${ORDER_REFUNDS_JOIN}
        WHERE o.workspace_id = ${workspaceId} AND o.order_id = ${orderId}`,
  );
  if (!row)
    return {
      profit: null,
      profit_unavailable: 'Profit appears once this order has been synced into the warehouse.',
    };
  if (row.test || row.cancelled)
    return {
      profit: null,
      profit_unavailable: `A ${row.test ? 'test' : 'cancelled'} order is not a sale, so it has no profit.`,
    };
  const lines = contributionOf({
    grossSales: Number(row.gross_sales),
    shippingCharges: Number(row.shipping_charges),
    discounts: Number(row.discounts),
    returns: Number(row.returns),
    cogs: Number(row.cogs) + Number(row.restocked_cogs),
    shipping: Number(row.shipping),
    paymentFees: Number(row.payment_fees),
  });
  const digits = currencyDigitsOf(row.currency);
  const money = (minor: number) => minorToDecimal(minor, digits);
  const units = Number(row.units);
  const unitsWithCost = Number(row.units_with_cost);
  const estimated: OrderLookupProfit['estimated'] = [];
  if (unitsWithCost < units) estimated.push('cogs');
  if (Number(row.shipping_estimated) === 1) estimated.push('shipping_cost');
  return {
    profit_unavailable: null,
    profit: {
      net_sales: money(lines.netSales),
      cogs: money(lines.cogs),
      gross_profit: money(lines.grossProfit),
      shipping_charged: money(lines.shippingCharges ?? 0),
      shipping_cost: money(lines.shipping),
      payment_fees: money(lines.paymentFees),
      contribution_margin: money(lines.contributionMargin),
      contribution_margin_rate: marginRate(lines.contributionMargin, lines.netSales),
      estimated,
      cost_coverage: {
        units_sold: units,
        units_with_cost: unitsWithCost,
        share: units === 0 ? null : unitsWithCost / units,
      },
    },
  };
}
