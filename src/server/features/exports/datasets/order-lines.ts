import { and, asc, eq, gt } from 'drizzle-orm';
import { whOrderLineItems } from '../../../db/schema/warehouse.ts';
import { defineExportDataset, moneyCell as money } from '../export-dataset.ts';
import { withinWindow } from '../export-window.ts';

/**
 * Every line of the window's orders (by the order's shop day), with its cost (issue #36 item 6):
 * the unit cost frozen on the line when it was priced, the line's cost of goods (quantity × that
 * cost) and its contribution (line total − cost of goods). Order-level amounts — shipping, its
 * cost, payment fees, order discounts, refunds — stay on the order and the daily P&L (decision
 * 089). A line with no known cost has an empty unit cost, cost of goods and contribution.
 */
export const dataset = defineExportDataset<typeof whOrderLineItems.$inferSelect>({
  description:
    "One row per order line of the orders whose shop day is in the window, with the line's frozen unit cost, its cost of goods (quantity × unit cost) and contribution (line total − cost of goods; order-level shipping, fees and refunds excluded).",
  columns: [
    'line_item_id',
    'order_id',
    'order_day',
    'product_id',
    'variant_id',
    'sku',
    'title',
    'variant_title',
    'quantity',
    'currency',
    'unit_price',
    'discount',
    'line_total',
    'unit_cost',
    'cost_estimated',
    'cogs',
    'contribution',
  ],
  page: (db, context, after, limit) =>
    db
      .select()
      .from(whOrderLineItems)
      .where(
        and(
          eq(whOrderLineItems.workspaceId, context.workspaceId),
          withinWindow(whOrderLineItems.orderDate, context),
          after ? gt(whOrderLineItems.lineItemId, after.lineItemId) : undefined,
        ),
      )
      .orderBy(asc(whOrderLineItems.lineItemId))
      .limit(limit),
  record: (line) => {
    const lineTotal = line.unitPriceMinor * line.quantity - line.discountMinor;
    const cogs = line.unitCostMinor === null ? null : line.unitCostMinor * line.quantity;
    return [
      line.lineItemId,
      line.orderId,
      line.orderDate,
      line.productId,
      line.variantId,
      line.sku,
      line.title,
      line.variantTitle,
      line.quantity,
      line.currencyCode,
      money(line.unitPriceMinor, line.currencyCode),
      money(line.discountMinor, line.currencyCode),
      money(lineTotal, line.currencyCode),
      money(line.unitCostMinor, line.currencyCode),
      line.unitCostMinor === null ? null : line.costEstimated,
      money(cogs, line.currencyCode),
      money(cogs === null ? null : lineTotal - cogs, line.currencyCode),
    ];
  },
});
