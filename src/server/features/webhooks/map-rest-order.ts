import type { RestOrder, RestRefund } from '../../../shared/contracts/webhooks.ts';
import type { RefundDetails, SyncOrder } from '../../domain/warehouse/shopify-documents.ts';

/**
 * Webhook payloads are REST JSON; the sync reads GraphQL. Rather than a second mapping to
 * warehouse rows, a REST order is restated in the sync's GraphQL shape (`SyncOrder`) and goes
 * through the sync's own `mapOrder` (decision 030): the same money parsing, shop days and columns.
 * Webhooks carry no customer journey, so the journey columns are left to the sync (the webhook
 * order spec does not write them).
 */

const gid = (type: string, id: number) => `gid://shopify/${type}/${id}`;
const bag = (amount: string | number) => ({ shopMoney: { amount } });

/** REST fulfillment_status → GraphQL displayFulfillmentStatus (contracts/external-apis.md §1.13, reversed). */
export function displayFulfillmentStatusOf(status: string | null | undefined): string {
  switch (status) {
    case null:
    case undefined:
      return 'UNFULFILLED';
    case 'partial':
      return 'PARTIALLY_FULFILLED';
    default:
      return status.toUpperCase();
  }
}

/** Amount refunded by a refund: its successful refund transactions (REST has no refund total). */
export function refundTotalOf(refund: RestRefund): string {
  return sumDecimals(
    refund.transactions
      .filter((transaction) => transaction.kind === 'refund' && transaction.status === 'success')
      .map((transaction) => String(transaction.amount)),
  );
}

/** Sum of decimal strings, exact (no floating point). */
function sumDecimals(amounts: readonly string[]): string {
  const scale = Math.max(0, ...amounts.map((amount) => amount.split('.')[1]?.length ?? 0));
  let total = 0n;
  for (const amount of amounts) {
    const [whole = '0', fraction = ''] = amount.split('.');
    const negative = whole.startsWith('-');
    const units =
      BigInt(whole.replace('-', '')) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
    total += negative ? -units : units;
  }
  if (scale === 0) return total.toString();
  const sign = total < 0n ? '-' : '';
  const digits = (total < 0n ? -total : total).toString().padStart(scale + 1, '0');
  return `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** A REST order (orders/create, orders/updated) in the sync's GraphQL shape. */
export function restOrderToSyncOrder(order: RestOrder): SyncOrder {
  const presentment = order.total_price_set?.presentment_money;
  return {
    id: gid('Order', order.id),
    name: order.name,
    number: order.order_number ?? null,
    createdAt: order.created_at,
    processedAt: order.processed_at ?? null,
    cancelledAt: order.cancelled_at ?? null,
    updatedAt: order.updated_at,
    test: order.test ?? false,
    displayFinancialStatus: order.financial_status ? order.financial_status.toUpperCase() : null,
    displayFulfillmentStatus: displayFulfillmentStatusOf(order.fulfillment_status),
    currencyCode: order.currency,
    presentmentCurrencyCode: order.presentment_currency ?? null,
    sourceName: order.source_name ?? null,
    discountCodes: order.discount_codes.map((code) => code.code),
    totalPriceSet: {
      shopMoney: { amount: order.total_price },
      ...(presentment
        ? { presentmentMoney: { amount: presentment.amount, currencyCode: presentment.currency_code } }
        : {}),
    },
    subtotalPriceSet:
      order.subtotal_price === null || order.subtotal_price === undefined ? null : bag(order.subtotal_price),
    totalTaxSet: order.total_tax === null || order.total_tax === undefined ? null : bag(order.total_tax),
    totalDiscountsSet:
      order.total_discounts === null || order.total_discounts === undefined
        ? null
        : bag(order.total_discounts),
    totalShippingPriceSet: order.total_shipping_price_set
      ? bag(order.total_shipping_price_set.shop_money.amount)
      : null,
    totalRefundedSet: bag(sumDecimals(order.refunds.map(refundTotalOf))),
    customer: order.customer ? { id: gid('Customer', order.customer.id) } : null,
    shippingAddress: order.shipping_address
      ? { countryCodeV2: order.shipping_address.country_code ?? null }
      : null,
    refunds: order.refunds.map((refund) => ({
      id: gid('Refund', refund.id),
      createdAt: refund.created_at,
      updatedAt: null,
      note: refund.note ?? null,
      totalRefundedSet: bag(refundTotalOf(refund)),
    })),
    customerJourneySummary: null,
    lineItems: {
      nodes: order.line_items.map((item) => ({
        id: gid('LineItem', item.id),
        title: item.title,
        variantTitle: item.variant_title ?? null,
        sku: item.sku ?? null,
        quantity: item.quantity,
        variant: item.variant_id
          ? {
              id: gid('ProductVariant', item.variant_id),
              product: item.product_id ? { id: gid('Product', item.product_id) } : null,
            }
          : null,
        originalUnitPriceSet: bag(item.price),
        totalDiscountSet: item.total_discount === undefined ? null : bag(item.total_discount),
      })),
    },
  };
}

/**
 * A REST refund's lines (with their restock type) and refunded shipping in the shape the sync's
 * refund-details query returns, so `mapRefundDetails` decides restock the same way for both.
 */
export function restRefundToRefundDetails(refund: RestRefund): RefundDetails[number] {
  return {
    id: gid('Refund', refund.id),
    refundLineItems: {
      nodes: refund.refund_line_items.map((line) => ({
        lineItem: { id: gid('LineItem', line.line_item_id) },
        quantity: line.quantity,
        restocked: null,
        restockType: line.restock_type ? line.restock_type.toUpperCase() : null,
        subtotalSet: bag(line.subtotal ?? '0'),
      })),
    },
    refundShippingLines: {
      nodes: (refund.refund_shipping_lines ?? []).map((line) => ({
        subtotalAmountSet: bag(line.subtotal_amount_set.shop_money.amount),
      })),
    },
  };
}
