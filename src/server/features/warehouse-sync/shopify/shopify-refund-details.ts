import type { ShopifyClient } from '../../../connectors/shopify/client.ts';
import {
  REFUND_DETAILS_QUERY,
  type RefundDetails,
  RefundDetailsDataSchema,
} from '../../../domain/warehouse/shopify-documents.ts';
import { mapRefundDetails, type ShopMoneyContext } from '../../../domain/warehouse/shopify-profit-rows.ts';
import type { UpsertRow } from '../../../domain/warehouse/upsert-rows.ts';
import { parseShopifyId } from '../../../domain/warehouse/values.ts';

/** Orders per refund-details query (≈ 100 cost points each: see REFUND_DETAILS_QUERY). */
const ORDERS_PER_QUERY = 9;
const LINES_PER_REFUND = 20;
/** A refund with more lines is read again with its order alone, up to this many lines. */
const LINES_PER_REFUND_ALONE = 200;

async function queryRefunds(
  client: ShopifyClient,
  orderIds: readonly number[],
  linesFirst: number,
): Promise<Map<number, RefundDetails>> {
  const data = await client.query(
    REFUND_DETAILS_QUERY,
    { first: orderIds.length, query: orderIds.map((id) => `id:${id}`).join(' OR '), linesFirst },
    RefundDetailsDataSchema,
  );
  return new Map(data.orders.nodes.map((order) => [parseShopifyId(order.id), order.refunds]));
}

/**
 * Reads the lines (with restock) and refunded shipping of the refunds in `refunds` (a page's
 * refund rows), a few orders per query. Returns the refund line rows and sets each refund row's
 * `shipping_minor`. A refund of more than LINES_PER_REFUND_ALONE lines fails the page rather than
 * leave returns short.
 */
export async function fetchRefundDetails(
  client: ShopifyClient,
  shop: ShopMoneyContext,
  refunds: readonly UpsertRow[],
): Promise<UpsertRow[]> {
  const daysByOrder = new Map<number, Map<number, string>>();
  for (const refund of refunds) {
    const orderId = refund.order_id as number;
    const days = daysByOrder.get(orderId) ?? new Map<number, string>();
    days.set(refund.refund_id as number, refund.refund_date as string);
    daysByOrder.set(orderId, days);
  }
  const orderIds = [...daysByOrder.keys()];
  const details = new Map<number, RefundDetails>();
  for (let start = 0; start < orderIds.length; start += ORDERS_PER_QUERY) {
    const found = await queryRefunds(
      client,
      orderIds.slice(start, start + ORDERS_PER_QUERY),
      LINES_PER_REFUND,
    );
    for (const [orderId, list] of found) {
      const long = list.some((refund) => refund.refundLineItems.pageInfo?.hasNextPage);
      if (!long) {
        details.set(orderId, list);
        continue;
      }
      const alone = (await queryRefunds(client, [orderId], LINES_PER_REFUND_ALONE)).get(orderId) ?? [];
      if (alone.some((refund) => refund.refundLineItems.pageInfo?.hasNextPage))
        throw new Error(`order ${orderId} has a refund of more than ${LINES_PER_REFUND_ALONE} lines`);
      details.set(orderId, alone);
    }
  }
  const shippingByRefund = new Map<number, number>();
  const lines: UpsertRow[] = [];
  for (const [orderId, list] of details) {
    const mapped = mapRefundDetails(shop, orderId, list, daysByOrder.get(orderId) ?? new Map());
    lines.push(...mapped.lines);
    for (const [refundId, amount] of mapped.shippingByRefund) shippingByRefund.set(refundId, amount);
  }
  for (const refund of refunds)
    refund.shipping_minor = shippingByRefund.get(refund.refund_id as number) ?? null;
  return lines;
}
