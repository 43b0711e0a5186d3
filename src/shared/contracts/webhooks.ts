import { z } from 'zod';
import { MoneySchema } from '../money.ts';

/**
 * Shopify webhooks (issue #15, decision 030): the headers and REST JSON payloads the receiver
 * accepts, `GET /api/dashboard/today` and `POST /api/demo/live`. Payload schemas name only the
 * fields Upside reads; Shopify sends many more and adds fields without notice, so objects are
 * loose. Ids are REST integers.
 */

/** Topics Upside subscribes to, as `X-Shopify-Topic` names them (GraphQL enum in comments). */
export const DATA_TOPICS = [
  'orders/create', // ORDERS_CREATE
  'orders/updated', // ORDERS_UPDATED
  'refunds/create', // REFUNDS_CREATE
  'products/update', // PRODUCTS_UPDATE
  'inventory_levels/update', // INVENTORY_LEVELS_UPDATE
  'app/uninstalled', // APP_UNINSTALLED
] as const;
/** Mandatory compliance topics (set in the app configuration, not by webhookSubscriptionCreate). */
export const COMPLIANCE_TOPICS = ['customers/redact', 'customers/data_request', 'shop/redact'] as const;
export const WEBHOOK_TOPICS = [...DATA_TOPICS, ...COMPLIANCE_TOPICS] as const;
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];
export const WebhookTopicSchema = z.enum(WEBHOOK_TOPICS);

/** `orders/create` → `ORDERS_CREATE` (the WebhookSubscriptionTopic of the Admin GraphQL API). */
export function graphqlTopicOf(topic: WebhookTopic): string {
  return topic.replace('/', '_').toUpperCase();
}

/** The headers of a delivery (lower-case, as Node reads them). */
export const WebhookHeadersSchema = z.object({
  'x-shopify-topic': WebhookTopicSchema,
  'x-shopify-shop-domain': z.string().min(3).max(255),
  'x-shopify-event-id': z.string().min(1).max(255),
  'x-shopify-webhook-id': z.string().max(255).optional(),
  'x-shopify-triggered-at': z.string().max(64).optional(),
});

const id = z.number().int().positive();
const decimal = z.union([z.string(), z.number()]);
const text = z.string().nullable().optional();
const MoneySetSchema = z.looseObject({
  shop_money: z.looseObject({ amount: decimal, currency_code: z.string().optional() }),
  presentment_money: z.looseObject({ amount: decimal, currency_code: z.string() }).optional(),
});

export const RestLineItemSchema = z.looseObject({
  id,
  title: z.string(),
  variant_title: text,
  sku: text,
  quantity: z.number().int(),
  price: decimal,
  total_discount: decimal.optional(),
  variant_id: id.nullable().optional(),
  product_id: id.nullable().optional(),
});

export const RestTransactionSchema = z.looseObject({
  kind: z.string(),
  status: z.string(),
  amount: decimal,
});

export const RestRefundSchema = z.looseObject({
  id,
  order_id: id,
  created_at: z.string(),
  note: text,
  transactions: z.array(RestTransactionSchema).default([]),
  refund_line_items: z
    .array(
      z.looseObject({
        line_item_id: id,
        quantity: z.number().int(),
        subtotal: decimal.optional(),
        /** no_restock, cancel, return or legacy_restock. */
        restock_type: text,
      }),
    )
    .default([]),
  /** Refunded shipping (absent from older API versions: the next sync then reads it). */
  refund_shipping_lines: z
    .array(
      z.looseObject({
        subtotal_amount_set: z.looseObject({ shop_money: z.looseObject({ amount: decimal }) }),
      }),
    )
    .optional(),
});
export type RestRefund = z.infer<typeof RestRefundSchema>;

const RestCustomerRefSchema = z.looseObject({
  id,
  email: text,
  first_name: text,
  last_name: text,
  created_at: text,
  updated_at: text,
});

export const RestOrderSchema = z.looseObject({
  id,
  name: z.string(),
  order_number: z.number().int().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  processed_at: text,
  cancelled_at: text,
  test: z.boolean().nullable().optional(),
  currency: z.string(),
  presentment_currency: text,
  financial_status: text,
  fulfillment_status: text,
  source_name: text,
  total_price: decimal,
  subtotal_price: decimal.nullable().optional(),
  total_tax: decimal.nullable().optional(),
  total_discounts: decimal.nullable().optional(),
  total_price_set: MoneySetSchema.optional(),
  total_shipping_price_set: MoneySetSchema.optional(),
  discount_codes: z.array(z.looseObject({ code: z.string() })).default([]),
  customer: RestCustomerRefSchema.nullable().optional(),
  shipping_address: z.looseObject({ country_code: text }).nullable().optional(),
  line_items: z.array(RestLineItemSchema).default([]),
  refunds: z.array(RestRefundSchema).default([]),
});
export type RestOrder = z.infer<typeof RestOrderSchema>;

export const RestProductSchema = z.looseObject({
  id,
  title: z.string(),
  handle: text,
  status: text,
  vendor: text,
  product_type: text,
  created_at: text,
  updated_at: z.string(),
  variants: z
    .array(
      z.looseObject({
        id,
        title: z.string(),
        sku: text,
        price: decimal.nullable().optional(),
        inventory_item_id: id.nullable().optional(),
        inventory_quantity: z.number().int().nullable().optional(),
      }),
    )
    .default([]),
});
export type RestProduct = z.infer<typeof RestProductSchema>;

export const RestInventoryLevelSchema = z.looseObject({
  inventory_item_id: id,
  location_id: id,
  available: z.number().int().nullable(),
  updated_at: z.string(),
});

export const RestShopSchema = z.looseObject({ id: id.optional(), domain: text, myshopify_domain: text });

export const CustomersRedactSchema = z.looseObject({
  shop_id: id.optional(),
  shop_domain: z.string(),
  customer: z.looseObject({ id, email: text, phone: text }),
  orders_to_redact: z.array(id).default([]),
});
export const CustomersDataRequestSchema = z.looseObject({
  shop_id: id.optional(),
  shop_domain: z.string(),
  customer: z.looseObject({ id, email: text, phone: text }),
  orders_requested: z.array(id).default([]),
  data_request: z.looseObject({ id }).optional(),
});
export const ShopRedactSchema = z.looseObject({ shop_id: id.optional(), shop_domain: z.string() });

/** The payload schema of each topic. */
export const WEBHOOK_PAYLOAD_SCHEMAS = {
  'orders/create': RestOrderSchema,
  'orders/updated': RestOrderSchema,
  'refunds/create': RestRefundSchema,
  'products/update': RestProductSchema,
  'inventory_levels/update': RestInventoryLevelSchema,
  'app/uninstalled': RestShopSchema,
  'customers/redact': CustomersRedactSchema,
  'customers/data_request': CustomersDataRequestSchema,
  'shop/redact': ShopRedactSchema,
} as const satisfies Record<WebhookTopic, z.ZodType>;

export const WebhookAcceptedSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type WebhookAccepted = z.infer<typeof WebhookAcceptedSchema>;

/** How a source's data arrives; `reason` says why it polls when webhooks are off. */
export const DeliveryModeSchema = z.enum(['webhooks', 'polling']);
export type DeliveryMode = z.infer<typeof DeliveryModeSchema>;

/**
 * GET /api/dashboard/today: the shop's current local day so far. `revenue` is net sales of the
 * day (order totals of today's non-test, non-cancelled orders minus today's refunds), like the
 * dashboard KPIs; `lastWeek` the same figures for the same day last week up to the same local time.
 */
export const TodayFiguresSchema = z.object({
  orders: z.number().int(),
  revenue: MoneySchema,
});
export const DashboardTodaySchema = z.object({
  /** Shop-local day, 'YYYY-MM-DD' (null before the shop was synced). */
  date: z.string().nullable(),
  orders: z.number().int(),
  revenue: MoneySchema,
  currency: z.string().nullable(),
  lastOrderAt: z.string().nullable(),
  mode: DeliveryModeSchema,
  /** Why Shopify data is polled (null when webhooks are on). */
  modeReason: z.string().nullable(),
  /** Today so far (a partial day): /api/profit's net sales and contribution margin for today (decision 088). */
  netSales: MoneySchema.nullable(),
  contributionMargin: MoneySchema.nullable(),
  lastWeek: TodayFiguresSchema.extend({ date: z.string() }).nullable(),
  asOf: z.string(),
});
export type DashboardToday = z.infer<typeof DashboardTodaySchema>;

/** POST /api/demo/live (demo mode only). */
export const DemoLiveRequestSchema = z.strictObject({ enabled: z.boolean() });
export const DemoLiveResponseSchema = z.object({
  enabled: z.boolean(),
  /** Where the emulator delivers (null when off). */
  callbackUrl: z.string().nullable(),
  mode: DeliveryModeSchema,
  modeReason: z.string().nullable(),
});
export type DemoLiveResponse = z.infer<typeof DemoLiveResponseSchema>;

/** GET /api/compliance/data-requests: exports prepared for customers/data_request, newest first. */
export const DataRequestExportListSchema = z.object({
  exports: z.array(z.object({ id: z.uuid(), customerId: z.string(), createdAt: z.string() })),
});
export type DataRequestExportList = z.infer<typeof DataRequestExportListSchema>;
export const DataRequestExportParamsSchema = z.object({ id: z.uuid() });
