import { z } from 'zod';
import { MoneySchema } from '../money.ts';

/**
 * GET /api/shopify/order/{orderName} (spec §3 "Order lookup response"): the REST-shaped order
 * the Order Lookup page reads, mapped server-side from the GraphQL Admin API. Money values are
 * decimal strings in the shop currency, as in Shopify's REST orders.
 */
export const OrderLookupCustomerSchema = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
});

export const OrderLookupLineItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  quantity: z.number().int(),
  price: z.string(),
});

export const OrderLookupShippingAddressSchema = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  address1: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
});

export const OrderLookupRefundSchema = z.object({
  id: z.number(),
  created_at: z.string().nullable(),
  note: z.string().nullable(),
  amount: z.string(),
});

/**
 * Beyond spec §3 (issue #13): the order's profit from the warehouse (decision 010, per order: its
 * refunds whenever made, fees and shipping cost of the order), before marketing. Amounts are
 * decimal strings in the shop currency. `estimated` names the parts that are guesses: `cogs` when
 * a line's cost came from the default margin or is unknown, `shipping_cost` when the carrier cost
 * is taken equal to the shipping charged.
 */
export const OrderLookupProfitSchema = z.object({
  /** Shopify's net sales: products after discounts and returns; no shipping, no taxes (decision 109). */
  net_sales: MoneySchema,
  cogs: MoneySchema,
  gross_profit: MoneySchema,
  /** Shipping charged to the customer, minus shipping refunded: part of the contribution. */
  shipping_charged: MoneySchema,
  shipping_cost: MoneySchema,
  payment_fees: MoneySchema,
  contribution_margin: MoneySchema,
  /** Contribution ÷ net sales; null when net sales are not positive. */
  contribution_margin_rate: z.number().nullable(),
  estimated: z.array(z.enum(['cogs', 'shipping_cost'])),
  /** Cost coverage of the order: units whose cost came from the owner or Shopify. */
  cost_coverage: z.object({
    units_sold: z.number().int(),
    units_with_cost: z.number().int(),
    share: z.number().nullable(),
  }),
});
export type OrderLookupProfit = z.infer<typeof OrderLookupProfitSchema>;

export const OrderLookupOrderSchema = z.object({
  id: z.number(),
  name: z.string(),
  order_number: z.number().int(),
  /** REST financial_status, lower case (paid, pending, refunded, partially_refunded, …); null if unknown */
  financial_status: z.string().nullable(),
  /** REST fulfillment_status: null (unfulfilled), fulfilled, partial, or another lower-case state */
  fulfillment_status: z.string().nullable(),
  currency: z.string(),
  total_price: z.string(),
  subtotal_price: z.string(),
  total_tax: z.string(),
  created_at: z.string(),
  customer: OrderLookupCustomerSchema.nullable(),
  line_items: z.array(OrderLookupLineItemSchema),
  shipping_address: OrderLookupShippingAddressSchema.nullable(),
  // Beyond spec §3 (issue #20.5): what reconciles subtotal + tax with the total, and the refunds.
  /** Order discounts (already taken off `subtotal_price`), and the codes that gave them. */
  total_discounts: z.string(),
  discount_codes: z.array(z.string()),
  total_shipping: z.string(),
  total_refunded: z.string(),
  /** The total after refunds (0 for a cancelled order). */
  current_total_price: z.string(),
  refunds: z.array(OrderLookupRefundSchema),
  /** The shop's IANA time zone: `created_at` and refund times are shown in it, not the browser's. */
  timezone: z.string(),
});
export type OrderLookupOrder = z.infer<typeof OrderLookupOrderSchema>;

/** The order as the lookup answers it: Shopify's fields, then its profit from the warehouse. */
export const OrderLookupResultOrderSchema = OrderLookupOrderSchema.extend({
  /** The order's profit; null with `profit_unavailable` saying why (not synced yet, not a sale). */
  profit: OrderLookupProfitSchema.nullable(),
  profit_unavailable: z.string().nullable(),
});
export type OrderLookupResultOrder = z.infer<typeof OrderLookupResultOrderSchema>;

export const OrderLookupResponseSchema = z.object({
  found: z.boolean(),
  order: OrderLookupResultOrderSchema.optional(),
  message: z.string().optional(),
});
export type OrderLookupResponse = z.infer<typeof OrderLookupResponseSchema>;

export const OrderNameParamsSchema = z.object({ orderName: z.string().max(100) });

/** Summary shown on the Analytics Dashboard's Shopify tab (last 30 days, from the connector). */
export const ShopifySummarySchema = z.object({
  shopName: z.string(),
  currency: z.string(),
  timezone: z.string(),
  periodDays: z.number().int(),
  /**
   * The window of the figures (shop days, inclusive): once synced, the warehouse's figures of that
   * window, as /dashboard shows them (revenue net of refunds); null before the first sync, when the
   * figures are Shopify's own last 30 days (order totals).
   */
  from: z.string().nullable(),
  to: z.string().nullable(),
  orderCount: z.number().int(),
  /** Exact decimal strings in `currency` (decision 146). */
  revenue: MoneySchema,
  averageOrderValue: MoneySchema,
  /** true when there were more orders than the summary reads in one go */
  truncated: z.boolean(),
  recentOrders: z.array(
    z.object({
      name: z.string(),
      createdAt: z.string(),
      total: z.string(),
      financialStatus: z.string().nullable(),
    }),
  ),
});
export type ShopifySummary = z.infer<typeof ShopifySummarySchema>;

/**
 * GET /api/shopify/scopes (issue 38): the scopes the Shopify app holds, the needed ones it lacks
 * with what breaks without each (shared/shopify-scopes.ts), and how far back the order history
 * reaches (60 days without read_all_orders).
 */
export const ShopifyScopesResponseSchema = z.object({
  granted: z.array(z.string()),
  missing: z.array(z.object({ scope: z.string(), effect: z.string() })),
  orderHistory: z.object({
    fullHistory: z.boolean(),
    /** How many days back Shopify serves orders; null = the whole history. */
    days: z.number().int().nullable(),
    message: z.string(),
  }),
  checkedAt: z.string(),
});
export type ShopifyScopesResponse = z.infer<typeof ShopifyScopesResponseSchema>;
