import type { OrderLookupOrder } from '../../../shared/contracts/shopify.ts';
import type { ShopifyLookupOrder, ShopifyMoneyBag } from './payload.schema.ts';

/**
 * Pure Shopify GraphQL → our shapes. The Order Lookup page reads REST-shaped orders (spec §3),
 * so GraphQL fields are mapped back per contracts/external-apis.md §1.13: UPPER_CASE display
 * statuses become REST's lower-case values, money comes from shopMoney only (design §6).
 */

/** Numeric tail of a GID (`gid://shopify/Order/123` → 123); NaN-safe (0 when absent). */
export function gidToNumber(gid: string): number {
  const tail = /(\d+)(?:\?.*)?$/.exec(gid)?.[1];
  return tail ? Number(tail) : 0;
}

/** Decimal string of a MoneyBag in shop currency, normalised to the currency's decimals. */
export function shopAmount(bag: ShopifyMoneyBag | null | undefined): string {
  if (!bag) return '0.00';
  return normaliseDecimal(bag.shopMoney.amount);
}

/** "59.9" → "59.90", "5" → "5.00"; keeps more decimals if present (never rounds money). */
export function normaliseDecimal(amount: string): string {
  const trimmed = amount.trim();
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return trimmed;
  const [whole, fraction = ''] = trimmed.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** displayFinancialStatus → REST financial_status (PARTIALLY_REFUNDED → partially_refunded). */
export function mapFinancialStatus(status: string | null | undefined): string | null {
  return status ? status.toLowerCase() : null;
}

/**
 * displayFulfillmentStatus → REST fulfillment_status: UNFULFILLED (and the deprecated OPEN /
 * RESTOCKED) → null, FULFILLED → fulfilled, PARTIALLY_FULFILLED → partial, others lower-cased.
 */
export function mapFulfillmentStatus(status: string): string | null {
  switch (status) {
    case 'UNFULFILLED':
    case 'OPEN':
    case 'RESTOCKED':
      return null;
    case 'FULFILLED':
      return 'fulfilled';
    case 'PARTIALLY_FULFILLED':
      return 'partial';
    default:
      return status.toLowerCase();
  }
}

export function mapOrderToLookup(order: ShopifyLookupOrder, shopTimezone: string): OrderLookupOrder {
  const customer = order.customer;
  const address = order.shippingAddress;
  return {
    id: order.legacyResourceId !== undefined ? Number(order.legacyResourceId) : gidToNumber(order.id),
    name: order.name,
    order_number: order.number,
    financial_status: mapFinancialStatus(order.displayFinancialStatus),
    fulfillment_status: mapFulfillmentStatus(order.displayFulfillmentStatus),
    currency: order.currencyCode,
    total_price: shopAmount(order.totalPriceSet),
    subtotal_price: shopAmount(order.subtotalPriceSet),
    total_tax: shopAmount(order.totalTaxSet),
    created_at: order.createdAt,
    customer: customer
      ? {
          first_name: customer.firstName ?? null,
          last_name: customer.lastName ?? null,
          email: customer.defaultEmailAddress?.emailAddress ?? order.email ?? null,
        }
      : null,
    line_items: order.lineItems.nodes.map((item) => ({
      id: gidToNumber(item.id),
      title: item.title,
      quantity: item.quantity,
      price: shopAmount(item.originalUnitPriceSet),
    })),
    shipping_address: address
      ? {
          first_name: address.firstName ?? null,
          last_name: address.lastName ?? null,
          address1: address.address1 ?? null,
          city: address.city ?? null,
          province: address.province ?? null,
          zip: address.zip ?? null,
          country: address.country ?? null,
        }
      : null,
    total_discounts: shopAmount(order.totalDiscountsSet),
    discount_codes: order.discountCodes ?? [],
    total_shipping: shopAmount(order.totalShippingPriceSet),
    total_refunded: shopAmount(order.totalRefundedSet),
    current_total_price: order.currentTotalPriceSet
      ? shopAmount(order.currentTotalPriceSet)
      : shopAmount(order.totalPriceSet),
    refunds: (order.refunds ?? []).map((refund) => ({
      id: gidToNumber(refund.id),
      created_at: refund.createdAt ?? null,
      note: refund.note ?? null,
      amount: shopAmount(refund.totalRefundedSet),
    })),
    timezone: shopTimezone,
  };
}
