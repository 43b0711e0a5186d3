import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { BasketLine, BasketOrder } from '../../../core/baskets/types.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { SALE_ORDER } from '../contribution/contribution-sql.ts';

const BasketOrderRow = z.object({
  order_id: z.string(),
  customer_id: z.string().nullable(),
  day: z.string(),
  /** `product:price:discount:cogs:refunded:restocked;…` (see the query). */
  lines: z.string().nullable(),
});

/**
 * Every sale order (decision 010: not test, not cancelled) placed up to `to`, in placing order,
 * with its products (decision 116). PostgreSQL does the heavy part: each order's lines are summed
 * per product — price × quantity, line discounts, quantity × the frozen unit cost, the refunded
 * subtotals of refunds made up to `to` and the frozen cost of their restocked units — and packed
 * into one text column per order, so a million orders come back as a million short rows that
 * `src/core/baskets` then counts. Lines without a product (custom items, deleted products) are left
 * out; an order of only such lines is an empty basket (it still counts as an order).
 */
export async function readBasketOrders(db: Db, workspaceId: string, to: string): Promise<BasketOrder[]> {
  const rows = await queryRows(
    db,
    BasketOrderRow,
    sql`WITH sale AS (
          SELECT o.order_id, o.customer_id, o.order_date, o.created_at FROM wh_orders o
          WHERE o.workspace_id = ${workspaceId} AND ${SALE_ORDER} AND o.order_date <= ${to}::date),
        refunded AS (
          SELECT rl.line_item_id, sum(rl.subtotal_minor) AS subtotal,
            sum(CASE WHEN rl.restocked THEN rl.quantity ELSE 0 END) AS restocked_units
          FROM wh_refund_line_items rl
          WHERE rl.workspace_id = ${workspaceId} AND rl.refund_date <= ${to}::date
          GROUP BY rl.line_item_id),
        lines AS (
          SELECT li.order_id, li.product_id, sum(li.unit_price_minor * li.quantity) AS price,
            sum(li.discount_minor) AS discount, sum(coalesce(li.unit_cost_minor, 0) * li.quantity) AS cogs,
            coalesce(sum(r.subtotal), 0) AS refunded,
            coalesce(sum(coalesce(li.unit_cost_minor, 0) * r.restocked_units), 0) AS restocked
          FROM wh_order_line_items li
          JOIN sale s ON s.order_id = li.order_id
          LEFT JOIN refunded r ON r.line_item_id = li.line_item_id
          WHERE li.workspace_id = ${workspaceId} AND li.product_id IS NOT NULL
          GROUP BY li.order_id, li.product_id)
        SELECT s.order_id::text AS order_id, s.customer_id::text AS customer_id, s.order_date::text AS day,
          string_agg(concat_ws(':', l.product_id, l.price, l.discount, l.cogs, l.refunded, l.restocked), ';'
            ORDER BY l.product_id) AS lines
        FROM sale s LEFT JOIN lines l ON l.order_id = s.order_id
        GROUP BY s.order_id, s.customer_id, s.order_date, s.created_at
        ORDER BY s.created_at, s.order_id`,
  );
  return rows.map((row) => ({
    orderId: row.order_id,
    customerId: row.customer_id,
    day: row.day,
    lines: row.lines === null ? [] : row.lines.split(';').map(lineOf),
  }));
}

/** One packed `product:price:discount:cogs:refunded:restocked` entry. */
function lineOf(packed: string): BasketLine {
  const [productId, price, discount, cogs, refunded, restocked] = packed.split(':');
  return {
    productId: productId!,
    priceMinor: Number(price),
    discountMinor: Number(discount),
    cogsMinor: Number(cogs),
    refundedMinor: Number(refunded),
    restockedCostMinor: Number(restocked),
  };
}
