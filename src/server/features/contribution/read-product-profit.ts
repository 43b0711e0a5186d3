import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { marginRate } from '../../../core/metrics/margin-rate.ts';
import {
  contributionByProduct,
  type ProductContribution,
  type ProductProfitLine,
  type ProductProfitOrder,
} from '../../../core/profit/contribution-by-product.ts';
import { contributionOf } from '../../../core/profit/contribution-of.ts';
import type { ProductProfit, ProductProfitQuery } from '../../../shared/contracts/products.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows, queryRowsWithoutJit } from '../../db/query-rows.ts';
import { findShop } from '../costs/queries/read-shop.ts';
import {
  FEE_RULE_JOIN,
  FEE_TRANSACTION,
  LINE_UNITS_WITH_COST,
  ORDER_SALE,
  SALE_ORDER,
  SHIPPING_COST_JOIN,
  TRANSACTION_FEE,
} from './contribution-sql.ts';

/** Shown on /products beside the table (decision 038). */
export const PRODUCT_ALLOCATION_RULE =
  'Each product carries its own lines: price × quantity, its line discounts and the cost of goods frozen on ' +
  'the line (order day), and its refunded lines with the cost of restocked units given back (refund day). ' +
  'What belongs to a whole order — shipping charged, order discounts, the shipping cost, payment fees and ' +
  "refunded shipping — is shared among the order's lines in proportion to their value after line discounts " +
  '(by units when that is zero), in whole cents that add up to the order’s amount. Days are those of the ' +
  'Profit page, so the products add up to its contribution margin before marketing for the same range.';

/** Title of the row of line items without a product (custom items, products since deleted). */
const WITHOUT_PRODUCT = 'Items without a product';

/** Sale orders placed in the range, or with a refund or a fee transaction in it (CTE `touched`). */
function touchedOrders(workspaceId: string, from: string, to: string) {
  return sql`touched AS (
    SELECT o.order_id FROM wh_orders o
    WHERE o.workspace_id = ${workspaceId} AND o.order_date BETWEEN ${from}::date AND ${to}::date
    UNION SELECT r.order_id FROM wh_refunds r
    WHERE r.workspace_id = ${workspaceId} AND r.refund_date BETWEEN ${from}::date AND ${to}::date
    UNION SELECT t.order_id FROM wh_order_transactions t
    WHERE t.workspace_id = ${workspaceId} AND t.transaction_date BETWEEN ${from}::date AND ${to}::date
      AND ${FEE_TRANSACTION})`;
}

const OrderRow = z.object({
  order_id: z.string(),
  placed: z.boolean(),
  shipping_charged: z.string(),
  discounts: z.string(),
  shipping_cost: z.string(),
  shipping_estimated: z.number(),
  fees: z.string(),
  refunded_shipping: z.string(),
});

const LineRow = z.object({
  order_id: z.string(),
  line_item_id: z.string(),
  product_id: z.string().nullable(),
  units: z.number(),
  price: z.string(),
  discount: z.string(),
  cogs: z.string(),
  units_with_cost: z.number(),
  estimated: z.boolean(),
});

const RefundLineRow = z.object({
  order_id: z.string(),
  line_item_id: z.string(),
  subtotal: z.string(),
  restocked_cost: z.string(),
});

/** The orders the range touches with their lines, in-range fees and refunds (minor units as text). */
async function readTouchedOrders(
  db: Db,
  workspaceId: string,
  from: string,
  to: string,
): Promise<ProductProfitOrder[]> {
  const inRange = (column: string) => sql`${sql.raw(column)} BETWEEN ${from}::date AND ${to}::date`;
  const [orders, lines, refundLines] = await Promise.all([
    queryRowsWithoutJit(
      db,
      OrderRow,
      sql`WITH ${touchedOrders(workspaceId, from, to)}
          SELECT o.order_id::text AS order_id, ${inRange('o.order_date')} AS placed,
            coalesce(o.shipping_minor, 0)::text AS shipping_charged, ${ORDER_SALE.discounts}::text AS discounts,
            ${ORDER_SALE.shipping}::text AS shipping_cost, ${ORDER_SALE.shippingEstimated} AS shipping_estimated,
            (SELECT coalesce(sum(${TRANSACTION_FEE}), 0) FROM wh_order_transactions t ${FEE_RULE_JOIN}
              WHERE t.workspace_id = o.workspace_id AND t.order_id = o.order_id AND ${FEE_TRANSACTION}
                AND ${inRange('t.transaction_date')})::text AS fees,
            (SELECT coalesce(sum(r.shipping_minor), 0) FROM wh_refunds r
              WHERE r.workspace_id = o.workspace_id AND r.order_id = o.order_id
                AND ${inRange('r.refund_date')})::text AS refunded_shipping
          FROM touched JOIN wh_orders o ON o.workspace_id = ${workspaceId} AND o.order_id = touched.order_id
          ${SHIPPING_COST_JOIN}
          WHERE ${SALE_ORDER}`,
    ),
    queryRowsWithoutJit(
      db,
      LineRow,
      sql`WITH ${touchedOrders(workspaceId, from, to)}
          SELECT li.order_id::text AS order_id, li.line_item_id::text AS line_item_id,
            li.product_id::text AS product_id, li.quantity AS units,
            (li.unit_price_minor * li.quantity)::text AS price, li.discount_minor::text AS discount,
            (coalesce(li.unit_cost_minor, 0) * li.quantity)::text AS cogs,
            ${LINE_UNITS_WITH_COST} AS units_with_cost, coalesce(li.cost_estimated, false) AS estimated
          FROM touched JOIN wh_orders o ON o.workspace_id = ${workspaceId} AND o.order_id = touched.order_id
          JOIN wh_order_line_items li ON li.workspace_id = o.workspace_id AND li.order_id = o.order_id
          WHERE ${SALE_ORDER}
          ORDER BY li.order_id, li.line_item_id`,
    ),
    queryRowsWithoutJit(
      db,
      RefundLineRow,
      sql`SELECT rl.order_id::text AS order_id, rl.line_item_id::text AS line_item_id,
            sum(rl.subtotal_minor)::text AS subtotal,
            sum(CASE WHEN rl.restocked THEN coalesce(li.unit_cost_minor, 0) * rl.quantity ELSE 0 END)::text
              AS restocked_cost
          FROM wh_refund_line_items rl
          LEFT JOIN wh_order_line_items li ON li.workspace_id = rl.workspace_id AND li.line_item_id = rl.line_item_id
          WHERE rl.workspace_id = ${workspaceId} AND ${inRange('rl.refund_date')}
          GROUP BY rl.order_id, rl.line_item_id`,
    ),
  ]);
  const linesOf = new Map<string, ProductProfitLine[]>();
  for (const l of lines) {
    const list = linesOf.get(l.order_id) ?? [];
    list.push({
      lineItemId: l.line_item_id,
      productId: l.product_id,
      units: Number(l.units),
      priceMinor: Number(l.price),
      discountMinor: Number(l.discount),
      cogsMinor: Number(l.cogs),
      unitsWithCost: Number(l.units_with_cost),
      costEstimated: l.estimated,
    });
    linesOf.set(l.order_id, list);
  }
  const refundsOf = new Map<string, ProductProfitOrder['refundLines'][number][]>();
  for (const r of refundLines) {
    const list = refundsOf.get(r.order_id) ?? [];
    list.push({
      lineItemId: r.line_item_id,
      subtotalMinor: Number(r.subtotal),
      restockedCostMinor: Number(r.restocked_cost),
    });
    refundsOf.set(r.order_id, list);
  }
  // Refund lines of orders that are not sales (test, cancelled) have no order row: left out, as on /profit.
  return orders.map((o) => ({
    lines: linesOf.get(o.order_id) ?? [],
    placedInRange: o.placed,
    shippingChargedMinor: o.placed ? Number(o.shipping_charged) : 0,
    discountMinor: Number(o.discounts),
    shippingCostMinor: Number(o.shipping_cost),
    shippingEstimated: Number(o.shipping_estimated) === 1,
    feesMinor: Number(o.fees),
    refundedShippingMinor: Number(o.refunded_shipping),
    refundLines: refundsOf.get(o.order_id) ?? [],
  }));
}

/**
 * GET /api/products/profit: gross margin and contribution per product over `from`..`to` (issue #13,
 * decision 038), with each product's cost coverage and the parts that rest on estimates. The
 * products add up to /api/profit's lines for the same range (marketing and expenses aside).
 */
export async function readProductProfit(
  db: Db,
  workspaceId: string,
  query: ProductProfitQuery,
): Promise<ProductProfit> {
  const shop = await findShop(db, workspaceId);
  const digits = shop?.digits ?? 2;
  const base = {
    hasData: shop !== null,
    currency: shop?.currencyCode ?? 'USD',
    from: query.from,
    to: query.to,
    allocationRule: PRODUCT_ALLOCATION_RULE,
  };
  const products = shop
    ? contributionByProduct(await readTouchedOrders(db, workspaceId, query.from, query.to))
    : [];
  const titles = await readProductTitles(
    db,
    workspaceId,
    products.flatMap((p) => (p.productId === null ? [] : [p.productId])),
  );
  const total = products.reduce<ProductContribution>(
    (sum, p) => ({
      productId: null,
      parts: {
        grossSales: sum.parts.grossSales + p.parts.grossSales,
        discounts: sum.parts.discounts + p.parts.discounts,
        returns: sum.parts.returns + p.parts.returns,
        cogs: sum.parts.cogs + p.parts.cogs,
        shipping: sum.parts.shipping + p.parts.shipping,
        paymentFees: sum.parts.paymentFees + p.parts.paymentFees,
      },
      units: sum.units + p.units,
      unitsWithCost: sum.unitsWithCost + p.unitsWithCost,
      cogsEstimated: sum.cogsEstimated || p.cogsEstimated,
      shippingEstimated: sum.shippingEstimated || p.shippingEstimated,
    }),
    {
      productId: null,
      parts: { grossSales: 0, discounts: 0, returns: 0, cogs: 0, shipping: 0, paymentFees: 0 },
      units: 0,
      unitsWithCost: 0,
      cogsEstimated: false,
      shippingEstimated: false,
    },
  );
  const rows = products
    .map((p) => ({
      productId: p.productId,
      title: p.productId === null ? WITHOUT_PRODUCT : (titles.get(p.productId) ?? `Product ${p.productId}`),
      ...figuresOf(p, digits),
    }))
    .sort((a, b) => Number(b.contribution) - Number(a.contribution) || a.title.localeCompare(b.title));
  return { ...base, totals: figuresOf(total, digits), products: rows };
}

/** A product's (or the totals') figures on the wire. */
function figuresOf(p: ProductContribution, digits: number) {
  const lines = contributionOf(p.parts);
  const money = (minor: number) => minorToDecimal(minor, digits);
  const estimated: Array<'cogs' | 'shipping_cost'> = [];
  if (p.cogsEstimated) estimated.push('cogs');
  if (p.shippingEstimated) estimated.push('shipping_cost');
  return {
    units: p.units,
    grossSales: money(lines.grossSales),
    discounts: money(lines.discounts),
    returns: money(lines.returns),
    netSales: money(lines.netSales),
    cogs: money(lines.cogs),
    grossProfit: money(lines.grossProfit),
    grossMargin: marginRate(lines.grossProfit, lines.netSales),
    shippingCost: money(lines.shipping),
    paymentFees: money(lines.paymentFees),
    contribution: money(lines.contributionMargin),
    contributionMargin: marginRate(lines.contributionMargin, lines.netSales),
    coverage: {
      unitsSold: p.units,
      unitsWithCost: p.unitsWithCost,
      share: p.units > 0 ? p.unitsWithCost / p.units : null,
    },
    estimated,
  };
}

const ProductTitleRow = z.object({ product_id: z.string(), title: z.string() });

async function readProductTitles(db: Db, workspaceId: string, productIds: string[]) {
  const titles = new Map<string, string>();
  if (productIds.length === 0) return titles;
  const rows = await queryRows(
    db,
    ProductTitleRow,
    sql`SELECT product_id::text AS product_id, title FROM wh_products
        WHERE workspace_id = ${workspaceId}
          AND product_id = ANY(${`{${productIds.join(',')}}`}::bigint[])`,
  );
  for (const r of rows) titles.set(r.product_id, r.title);
  return titles;
}
