import { and, asc, eq, gt } from 'drizzle-orm';
import { whOrders } from '../../../db/schema/warehouse.ts';
import { defineExportDataset, moneyCell as money } from '../export-dataset.ts';
import { withinWindow } from '../export-window.ts';

/** Every Shopify order of the window by its shop day (test and cancelled ones too, flagged). */
export const dataset = defineExportDataset<typeof whOrders.$inferSelect>({
  description:
    'One row per Shopify order whose shop day is in the window (test and cancelled orders included and flagged).',
  columns: [
    'order_id',
    'name',
    'order_day',
    'created_at',
    'customer_id',
    'currency',
    'total',
    'subtotal',
    'tax',
    'discount',
    'shipping',
    'refunded',
    'financial_status',
    'fulfillment_status',
    'cancelled_at',
    'test',
    'discount_code',
    'country_code',
    'source_name',
    'utm_source',
    'utm_medium',
    'utm_campaign',
    'landing_page',
  ],
  page: (db, context, after, limit) =>
    db
      .select()
      .from(whOrders)
      .where(
        and(
          eq(whOrders.workspaceId, context.workspaceId),
          withinWindow(whOrders.orderDate, context),
          after ? gt(whOrders.orderId, after.orderId) : undefined,
        ),
      )
      .orderBy(asc(whOrders.orderId))
      .limit(limit),
  record: (order) => [
    order.orderId,
    order.name,
    order.orderDate,
    order.createdAt.toISOString(),
    order.customerId,
    order.currencyCode,
    money(order.totalMinor, order.currencyCode),
    money(order.subtotalMinor, order.currencyCode),
    money(order.taxMinor, order.currencyCode),
    money(order.discountMinor, order.currencyCode),
    money(order.shippingMinor, order.currencyCode),
    money(order.refundedMinor, order.currencyCode),
    order.financialStatus,
    order.fulfillmentStatus,
    order.cancelledAt?.toISOString() ?? null,
    order.test,
    order.discountCode,
    order.countryCode,
    order.sourceName,
    order.utmSource,
    order.utmMedium,
    order.utmCampaign,
    order.landingPage,
  ],
});
