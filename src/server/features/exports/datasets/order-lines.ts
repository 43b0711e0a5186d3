import { and, asc, eq, gt } from 'drizzle-orm';
import { whOrderLineItems } from '../../../db/schema/warehouse.ts';
import { defineExportDataset, moneyCell as money } from '../export-dataset.ts';
import { withinWindow } from '../export-window.ts';

/** Every line of the window's orders (by the order's shop day). */
export const dataset = defineExportDataset<typeof whOrderLineItems.$inferSelect>({
  description: 'One row per order line of the orders whose shop day is in the window.',
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
  record: (line) => [
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
    money(line.unitPriceMinor * line.quantity - line.discountMinor, line.currencyCode),
  ],
});
