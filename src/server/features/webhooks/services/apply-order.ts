import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { localDayOf } from '../../../../shared/calendar.ts';
import type { RestOrder, RestRefund } from '../../../../shared/contracts/webhooks.ts';
import { parseDecimalToMinor } from '../../../../shared/money.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { loadCostBook } from '../../../domain/costs/load-cost-book.ts';
import { priceOrderRows, SHIPPING_COST_SPEC } from '../../../domain/costs/price-order-rows.ts';
import { mapRefundDetails, REFUND_LINE_SPEC } from '../../../domain/warehouse/shopify-profit-rows.ts';
import {
  LINE_ITEM_SPEC,
  mapOrder,
  ORDER_SPEC,
  REFUND_SPEC,
  type ShopContext,
} from '../../../domain/warehouse/shopify-rows.ts';
import { type UpsertSpec, upsertRows } from '../../../domain/warehouse/upsert-rows.ts';
import { refundTotalOf, restOrderToSyncOrder, restRefundToRefundDetails } from '../map-rest-order.ts';

/**
 * Columns a webhook does not map (the customer journey, and the first-party join keys of issue 16):
 * left as the sync wrote them.
 */
const JOURNEY_COLUMNS = new Set([
  'visitor_id',
  'cart_token',
  'checkout_token',
  'email_hash',
  'source_name',
  'source_type',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'first_source_type',
  'first_utm_source',
  'first_utm_medium',
  'first_utm_campaign',
  'landing_page',
  'referrer_url',
  'moments_count',
  'days_to_conversion',
]);

/** wh_orders as a webhook writes it: every column but the journey, newest `updated_at` wins. */
export const WEBHOOK_ORDER_SPEC: UpsertSpec = {
  ...ORDER_SPEC,
  columns: ORDER_SPEC.columns.filter((column) => !JOURNEY_COLUMNS.has(column.name)),
};

const StoredRow = z.object({ newer: z.boolean() });

/**
 * orders/create and orders/updated: the order through the sync's mapping, written only if it is
 * at least as new as the stored one. Its lines (costs frozen from the cost book, as the sync
 * does), shipping cost and refunds follow only when this payload is the newest the warehouse has,
 * so a late, older delivery changes nothing. A new customer gets a row (the sync fills its totals).
 * Returns the outcome recorded on the event.
 */
export async function applyOrder(db: Db, shop: ShopContext, order: RestOrder): Promise<string> {
  const rows = mapOrder(shop, restOrderToSyncOrder(order));
  const orderRow = Object.fromEntries(
    Object.entries(rows.order).filter(([column]) => !JOURNEY_COLUMNS.has(column)),
  );
  // Read before the transaction: its four queries run at once, which one transaction's connection cannot.
  const book = await loadCostBook(db, shop.workspaceId);
  return db.transaction(async (tx) => {
    await upsertRows(tx, WEBHOOK_ORDER_SPEC, [orderRow]);
    const [stored] = await queryRows(
      tx,
      StoredRow,
      sql`SELECT updated_at > ${rows.order.updated_at as string}::timestamptz AS newer
          FROM wh_orders WHERE workspace_id = ${shop.workspaceId} AND order_id = ${rows.order.order_id as number}`,
    );
    if (stored?.newer) return 'stale';
    const shipping = priceOrderRows(book, [rows.order], rows.lineItems);
    await upsertRows(tx, LINE_ITEM_SPEC, rows.lineItems);
    await upsertRows(tx, SHIPPING_COST_SPEC, shipping);
    const details = refundDetailRows(shop, order.id, order.refunds);
    const refundsById = new Map(order.refunds.map((refund) => [refund.id, refund]));
    await upsertRows(
      tx,
      REFUND_SPEC,
      rows.refunds.map((row) => ({
        ...row,
        shipping_minor: details.shippingOf(refundsById.get(row.refund_id as number)!),
      })),
    );
    await upsertRows(tx, REFUND_LINE_SPEC, details.lines);
    const customer = order.customer;
    if (customer) {
      await tx.execute(
        sql`INSERT INTO wh_customers (workspace_id, customer_id, first_name, last_name, email, currency_code,
              created_at, updated_at, synced_at)
            VALUES (${shop.workspaceId}, ${customer.id}, ${customer.first_name ?? null}, ${customer.last_name ?? null},
              ${customer.email ?? null}, ${shop.currencyCode}, ${customer.created_at ?? order.created_at},
              ${customer.updated_at ?? order.updated_at}, ${shop.syncedAt})
            ON CONFLICT (workspace_id, customer_id) DO NOTHING`,
      );
    }
    return 'applied';
  });
}

/**
 * Each refund's lines with their restock and its refunded shipping, mapped by the sync's own
 * `mapRefundDetails` (decision 043): restocked goods stop counting as cost of goods sold as soon
 * as the webhook lands. Refunded shipping is set only when the payload carries
 * `refund_shipping_lines`; otherwise it stays null and the next sync reads it.
 */
function refundDetailRows(shop: ShopContext, orderId: number, refunds: readonly RestRefund[]) {
  const days = new Map(refunds.map((refund) => [refund.id, localDayOf(refund.created_at, shop.timeZone)]));
  const mapped = mapRefundDetails(shop, orderId, refunds.map(restRefundToRefundDetails), days);
  const shippingOf = (refund: RestRefund) =>
    refund.refund_shipping_lines === undefined ? null : (mapped.shippingByRefund.get(refund.id) ?? null);
  return { lines: mapped.lines, shippingOf };
}

/** refunds/create: the refund on its shop day with its lines' restock; the order's refunded total follows with orders/updated. */
export async function applyRefund(db: Db, shop: ShopContext, refund: RestRefund): Promise<string> {
  const details = refundDetailRows(shop, refund.order_id, [refund]);
  await db.transaction(async (tx) => {
    await upsertRows(tx, REFUND_SPEC, [
      {
        workspace_id: shop.workspaceId,
        refund_id: refund.id,
        order_id: refund.order_id,
        created_at: new Date(refund.created_at).toISOString(),
        refund_date: localDayOf(refund.created_at, shop.timeZone),
        amount_minor: parseDecimalToMinor(refundTotalOf(refund), shop.currencyDigits),
        currency_code: shop.currencyCode,
        note: refund.note ?? null,
        shipping_minor: details.shippingOf(refund),
      },
    ]);
    await upsertRows(tx, REFUND_LINE_SPEC, details.lines);
  });
  return 'applied';
}
