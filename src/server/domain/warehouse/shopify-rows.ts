import { createHash } from 'node:crypto';
import { localDayOf } from '../../../shared/calendar.ts';
import { currencyDigitsOf, parseDecimalToMinor } from '../../../shared/money.ts';
import type { SyncCustomer, SyncLineItem, SyncOrder, SyncProduct, SyncVisit } from './shopify-documents.ts';
import { mapTransactions, weightInGrams } from './shopify-profit-rows.ts';
import type { UpsertRow, UpsertSpec } from './upsert-rows.ts';
import { parseOptionalShopifyId, parseShopifyId } from './upsert-rows.ts';

/**
 * Pure maps from Shopify sync payloads to warehouse rows, and the upsert specs of those tables.
 * Money is converted from the shop-money decimal strings with the shop currency's digits; days
 * are the shop's local days.
 */

export interface ShopContext {
  workspaceId: string;
  currencyCode: string;
  currencyDigits: number;
  timeZone: string;
  syncedAt: string;
}

const col = (name: string, type: string) => ({ name, type });

export const ORDER_SPEC: UpsertSpec = {
  table: 'wh_orders',
  key: ['workspace_id', 'order_id'],
  touch: ['synced_at'],
  // Webhooks and syncs both write orders, in any order: the newest Shopify update wins.
  newerOnly: 'updated_at',
  columns: [
    col('workspace_id', 'uuid'),
    col('order_id', 'bigint'),
    col('name', 'text'),
    col('order_number', 'integer'),
    col('currency_code', 'text'),
    col('presentment_currency_code', 'text'),
    col('total_minor', 'bigint'),
    col('subtotal_minor', 'bigint'),
    col('tax_minor', 'bigint'),
    col('discount_minor', 'bigint'),
    col('shipping_minor', 'bigint'),
    col('refunded_minor', 'bigint'),
    col('total_presentment_minor', 'bigint'),
    col('created_at', 'timestamptz'),
    col('processed_at', 'timestamptz'),
    col('cancelled_at', 'timestamptz'),
    col('updated_at', 'timestamptz'),
    col('order_date', 'date'),
    col('financial_status', 'text'),
    col('fulfillment_status', 'text'),
    col('test', 'boolean'),
    col('customer_id', 'bigint'),
    col('discount_code', 'text'),
    col('country_code', 'text'),
    col('source_name', 'text'),
    col('source_type', 'text'),
    col('utm_source', 'text'),
    col('utm_medium', 'text'),
    col('utm_campaign', 'text'),
    col('utm_content', 'text'),
    col('utm_term', 'text'),
    col('first_source_type', 'text'),
    col('first_utm_source', 'text'),
    col('first_utm_medium', 'text'),
    col('first_utm_campaign', 'text'),
    col('landing_page', 'text'),
    col('referrer_url', 'text'),
    col('moments_count', 'integer'),
    col('days_to_conversion', 'integer'),
    col('visitor_id', 'text'),
    col('cart_token', 'text'),
    col('checkout_token', 'text'),
    col('email_hash', 'text'),
    col('synced_at', 'timestamptz'),
  ],
};

export const LINE_ITEM_SPEC: UpsertSpec = {
  table: 'wh_order_line_items',
  key: ['workspace_id', 'line_item_id'],
  // The cost in force on the order day, frozen when the line is first synced (decision 010).
  fillOnce: { marker: 'cost_source', columns: ['unit_cost_minor', 'cost_source', 'cost_estimated'] },
  columns: [
    col('workspace_id', 'uuid'),
    col('line_item_id', 'bigint'),
    col('order_id', 'bigint'),
    col('order_date', 'date'),
    col('product_id', 'bigint'),
    col('variant_id', 'bigint'),
    col('title', 'text'),
    col('variant_title', 'text'),
    col('sku', 'text'),
    col('quantity', 'integer'),
    col('unit_price_minor', 'bigint'),
    col('discount_minor', 'bigint'),
    col('currency_code', 'text'),
    col('unit_cost_minor', 'bigint'),
    col('cost_source', 'text'),
    col('cost_estimated', 'boolean'),
  ],
};

export const REFUND_SPEC: UpsertSpec = {
  table: 'wh_refunds',
  key: ['workspace_id', 'refund_id'],
  // A refund's refunded shipping never changes; writers that do not read it (a webhook's refund,
  // an order page before its refund details) send null, which must not erase a known amount.
  fillOnce: { marker: 'shipping_minor', columns: ['shipping_minor'] },
  columns: [
    col('workspace_id', 'uuid'),
    col('refund_id', 'bigint'),
    col('order_id', 'bigint'),
    col('created_at', 'timestamptz'),
    col('refund_date', 'date'),
    col('amount_minor', 'bigint'),
    col('currency_code', 'text'),
    col('note', 'text'),
    // Refunded shipping, from the refund details (shopify-refund-details.ts); null until read.
    col('shipping_minor', 'bigint'),
  ],
};

export const TOUCHPOINT_SPEC: UpsertSpec = {
  table: 'wh_journey_touchpoints',
  key: ['workspace_id', 'order_id', 'position'],
  columns: [
    col('workspace_id', 'uuid'),
    col('order_id', 'bigint'),
    col('position', 'smallint'),
    col('occurred_at', 'timestamptz'),
    col('source', 'text'),
    col('source_type', 'text'),
    col('referrer_url', 'text'),
    col('landing_page', 'text'),
    col('utm_source', 'text'),
    col('utm_medium', 'text'),
    col('utm_campaign', 'text'),
    col('utm_content', 'text'),
    col('utm_term', 'text'),
  ],
};

export const CUSTOMER_SPEC: UpsertSpec = {
  table: 'wh_customers',
  key: ['workspace_id', 'customer_id'],
  touch: ['synced_at'],
  columns: [
    col('workspace_id', 'uuid'),
    col('customer_id', 'bigint'),
    col('first_name', 'text'),
    col('last_name', 'text'),
    col('email', 'text'),
    col('number_of_orders', 'integer'),
    col('amount_spent_minor', 'bigint'),
    col('currency_code', 'text'),
    col('created_at', 'timestamptz'),
    col('updated_at', 'timestamptz'),
    col('synced_at', 'timestamptz'),
  ],
};

export const PRODUCT_SPEC: UpsertSpec = {
  table: 'wh_products',
  key: ['workspace_id', 'product_id'],
  touch: ['synced_at'],
  columns: [
    col('workspace_id', 'uuid'),
    col('product_id', 'bigint'),
    col('title', 'text'),
    col('handle', 'text'),
    col('status', 'text'),
    col('vendor', 'text'),
    col('product_type', 'text'),
    col('total_inventory', 'integer'),
    col('created_at', 'timestamptz'),
    col('updated_at', 'timestamptz'),
    col('synced_at', 'timestamptz'),
  ],
};

export const VARIANT_SPEC: UpsertSpec = {
  table: 'wh_variants',
  key: ['workspace_id', 'variant_id'],
  touch: ['synced_at'],
  columns: [
    col('workspace_id', 'uuid'),
    col('variant_id', 'bigint'),
    col('product_id', 'bigint'),
    col('title', 'text'),
    col('sku', 'text'),
    col('price_minor', 'bigint'),
    col('unit_cost_minor', 'bigint'),
    col('currency_code', 'text'),
    col('inventory_item_id', 'bigint'),
    col('inventory_tracked', 'boolean'),
    col('inventory_quantity', 'integer'),
    col('weight_grams', 'integer'),
    col('synced_at', 'timestamptz'),
  ],
};

export const INVENTORY_SPEC: UpsertSpec = {
  table: 'wh_inventory_snapshots',
  key: ['workspace_id', 'snapshot_date', 'variant_id', 'location_id'],
  touch: ['captured_at'],
  columns: [
    col('workspace_id', 'uuid'),
    col('snapshot_date', 'date'),
    col('variant_id', 'bigint'),
    col('location_id', 'bigint'),
    col('location_name', 'text'),
    col('available', 'integer'),
    col('on_hand', 'integer'),
    col('committed', 'integer'),
    col('captured_at', 'timestamptz'),
  ],
};

const money = (shop: ShopContext, value: { shopMoney: { amount: string | number } } | null | undefined) =>
  value ? parseDecimalToMinor(value.shopMoney.amount, shop.currencyDigits) : null;

const iso = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null);

export interface OrderRows {
  order: UpsertRow;
  lineItems: UpsertRow[];
  refunds: UpsertRow[];
  transactions: UpsertRow[];
  touchpoints: UpsertRow[];
}

function touchpointRow(
  shop: ShopContext,
  orderId: number,
  position: number,
  visit: NonNullable<SyncVisit>,
): UpsertRow {
  return {
    workspace_id: shop.workspaceId,
    order_id: orderId,
    position,
    occurred_at: iso(visit.occurredAt),
    source: visit.source ?? null,
    source_type: visit.sourceType ?? null,
    referrer_url: visit.referrerUrl ?? null,
    landing_page: visit.landingPage ?? null,
    utm_source: visit.utmParameters?.source ?? null,
    utm_medium: visit.utmParameters?.medium ?? null,
    utm_campaign: visit.utmParameters?.campaign ?? null,
    utm_content: visit.utmParameters?.content ?? null,
    utm_term: visit.utmParameters?.term ?? null,
  };
}

export function mapLineItem(
  shop: ShopContext,
  orderId: number,
  orderDate: string,
  item: SyncLineItem,
): UpsertRow {
  return {
    workspace_id: shop.workspaceId,
    line_item_id: parseShopifyId(item.id),
    order_id: orderId,
    order_date: orderDate,
    product_id: parseOptionalShopifyId(item.variant?.product?.id),
    variant_id: parseOptionalShopifyId(item.variant?.id),
    title: item.title,
    variant_title: item.variantTitle ?? null,
    sku: item.sku ?? null,
    quantity: item.quantity,
    unit_price_minor: parseDecimalToMinor(item.originalUnitPriceSet.shopMoney.amount, shop.currencyDigits),
    discount_minor: money(shop, item.totalDiscountSet) ?? 0,
    currency_code: shop.currencyCode,
    // Priced from the cost book before the write (features/costs priceOrderRows).
    unit_cost_minor: null,
    cost_source: null,
    cost_estimated: false,
  };
}

/** One order (with whatever lines it carries) → its warehouse rows. */
export function mapOrder(shop: ShopContext, order: SyncOrder): OrderRows {
  const orderId = parseShopifyId(order.id);
  const orderDate = localDayOf(order.createdAt, shop.timeZone);
  const journey = order.customerJourneySummary ?? null;
  const last = journey?.lastVisit ?? null;
  const first = journey?.firstVisit ?? null;
  const moments = journey?.momentsCount;
  const touchpoints: UpsertRow[] = [];
  if (first) touchpoints.push(touchpointRow(shop, orderId, 0, first));
  if (last) touchpoints.push(touchpointRow(shop, orderId, 1, last));
  return {
    order: {
      workspace_id: shop.workspaceId,
      order_id: orderId,
      name: order.name,
      order_number: order.number ?? null,
      currency_code: order.currencyCode,
      presentment_currency_code: order.presentmentCurrencyCode ?? null,
      total_minor: parseDecimalToMinor(order.totalPriceSet.shopMoney.amount, shop.currencyDigits),
      subtotal_minor: money(shop, order.subtotalPriceSet),
      tax_minor: money(shop, order.totalTaxSet),
      discount_minor: money(shop, order.totalDiscountsSet),
      shipping_minor: money(shop, order.totalShippingPriceSet),
      refunded_minor: money(shop, order.totalRefundedSet) ?? 0,
      total_presentment_minor: order.totalPriceSet.presentmentMoney
        ? parseDecimalToMinor(
            order.totalPriceSet.presentmentMoney.amount,
            currencyDigitsFor(order.totalPriceSet.presentmentMoney.currencyCode, shop),
          )
        : null,
      created_at: iso(order.createdAt),
      processed_at: iso(order.processedAt),
      cancelled_at: iso(order.cancelledAt),
      updated_at: iso(order.updatedAt),
      order_date: orderDate,
      financial_status: order.displayFinancialStatus ?? null,
      fulfillment_status: order.displayFulfillmentStatus ?? null,
      test: order.test ?? false,
      customer_id: parseOptionalShopifyId(order.customer?.id),
      discount_code: order.discountCodes?.[0] ?? null,
      country_code: order.shippingAddress?.countryCodeV2 ?? null,
      source_name: last?.source ?? order.sourceName ?? null,
      source_type: last?.sourceType ?? null,
      utm_source: last?.utmParameters?.source ?? null,
      utm_medium: last?.utmParameters?.medium ?? null,
      utm_campaign: last?.utmParameters?.campaign ?? null,
      utm_content: last?.utmParameters?.content ?? null,
      utm_term: last?.utmParameters?.term ?? null,
      first_source_type: first?.sourceType ?? null,
      first_utm_source: first?.utmParameters?.source ?? null,
      first_utm_medium: first?.utmParameters?.medium ?? null,
      first_utm_campaign: first?.utmParameters?.campaign ?? null,
      landing_page: last?.landingPage ?? null,
      referrer_url: last?.referrerUrl ?? null,
      moments_count:
        moments === null || moments === undefined
          ? null
          : typeof moments === 'number'
            ? moments
            : moments.count,
      days_to_conversion: journey?.daysToConversion ?? null,
      // First-party join keys (issue 16): our tracker's cart attribute, the tokens, the e-mail's hash.
      visitor_id: order.customAttributes?.find((a) => a.key === '_upside_vid')?.value?.slice(0, 64) ?? null,
      cart_token: order.cartToken ?? null,
      checkout_token: order.checkoutToken ?? null,
      email_hash: order.email ? emailHashOf(order.email) : null,
      synced_at: shop.syncedAt,
    },
    lineItems: (order.lineItems?.nodes ?? []).map((item) => mapLineItem(shop, orderId, orderDate, item)),
    refunds: (order.refunds ?? []).map((refund) => {
      // Refund.createdAt is nullable in the schema; its updatedAt is the best stand-in then.
      const refundedAt = refund.createdAt ?? refund.updatedAt ?? order.updatedAt;
      return {
        workspace_id: shop.workspaceId,
        refund_id: parseShopifyId(refund.id),
        order_id: orderId,
        created_at: iso(refundedAt),
        refund_date: localDayOf(refundedAt, shop.timeZone),
        amount_minor: parseDecimalToMinor(refund.totalRefundedSet.shopMoney.amount, shop.currencyDigits),
        currency_code: shop.currencyCode,
        note: refund.note ?? null,
        shipping_minor: null,
      };
    }),
    transactions: mapTransactions(shop, orderId, order.transactions ?? []),
    touchpoints,
  };
}

function currencyDigitsFor(code: string | undefined, shop: ShopContext): number {
  return code ? currencyDigitsOf(code) : shop.currencyDigits;
}

export function mapCustomer(shop: ShopContext, customer: SyncCustomer): UpsertRow {
  const spent = customer.amountSpent ?? null;
  return {
    workspace_id: shop.workspaceId,
    customer_id: parseShopifyId(customer.id),
    first_name: customer.firstName ?? null,
    last_name: customer.lastName ?? null,
    email: customer.defaultEmailAddress?.emailAddress ?? null,
    number_of_orders:
      customer.numberOfOrders === null || customer.numberOfOrders === undefined
        ? null
        : Number(customer.numberOfOrders),
    amount_spent_minor: spent
      ? parseDecimalToMinor(spent.amount, currencyDigitsFor(spent.currencyCode, shop))
      : null,
    currency_code: spent?.currencyCode ?? shop.currencyCode,
    created_at: iso(customer.createdAt),
    updated_at: iso(customer.updatedAt),
    synced_at: shop.syncedAt,
  };
}

export interface ProductRows {
  product: UpsertRow;
  variants: UpsertRow[];
  inventory: UpsertRow[];
}

/** A product with its variants and, for `snapshotDate`, one inventory row per variant and location. */
export function mapProduct(shop: ShopContext, product: SyncProduct, snapshotDate: string): ProductRows {
  const productId = parseShopifyId(product.id);
  const variants: UpsertRow[] = [];
  const inventory: UpsertRow[] = [];
  for (const variant of product.variants.nodes) {
    const variantId = parseShopifyId(variant.id);
    const item = variant.inventoryItem ?? null;
    variants.push({
      workspace_id: shop.workspaceId,
      variant_id: variantId,
      product_id: productId,
      title: variant.title,
      sku: variant.sku ?? null,
      price_minor:
        variant.price === null || variant.price === undefined
          ? null
          : parseDecimalToMinor(variant.price, shop.currencyDigits),
      unit_cost_minor: item?.unitCost ? parseDecimalToMinor(item.unitCost.amount, shop.currencyDigits) : null,
      currency_code: shop.currencyCode,
      inventory_item_id: parseOptionalShopifyId(item?.id),
      inventory_tracked: item?.tracked ?? null,
      inventory_quantity: variant.inventoryQuantity ?? null,
      weight_grams: weightInGrams(item?.measurement?.weight),
      synced_at: shop.syncedAt,
    });
    for (const level of item?.inventoryLevels?.nodes ?? []) {
      const quantity = (name: string) =>
        level.quantities.find((entry) => entry.name === name)?.quantity ?? null;
      inventory.push({
        workspace_id: shop.workspaceId,
        snapshot_date: snapshotDate,
        variant_id: variantId,
        location_id: parseShopifyId(level.location.id),
        location_name: level.location.name,
        available: quantity('available') ?? 0,
        on_hand: quantity('on_hand'),
        committed: quantity('committed'),
        captured_at: shop.syncedAt,
      });
    }
  }
  return {
    product: {
      workspace_id: shop.workspaceId,
      product_id: productId,
      title: product.title,
      handle: product.handle ?? null,
      status: product.status ?? null,
      vendor: product.vendor ?? null,
      product_type: product.productType ?? null,
      total_inventory: product.totalInventory ?? null,
      created_at: iso(product.createdAt),
      updated_at: iso(product.updatedAt),
      synced_at: shop.syncedAt,
    },
    variants,
    inventory,
  };
}

/** sha256 hex of a lower-cased, trimmed e-mail: matched against the tracker's `emailHash`. */
function emailHashOf(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}
