import { z } from 'zod';

/**
 * zod schemas of the Shopify Admin GraphQL JSON we read (contracts/external-apis.md §1).
 * Nullability follows the Order reference; enums are plain strings because Shopify adds values
 * (and deprecates old ones) between versions and a connector must not fail on an unknown one.
 */

export const MoneySchema = z.object({ amount: z.string(), currencyCode: z.string() });
export const MoneyBagSchema = z.object({
  shopMoney: MoneySchema,
  presentmentMoney: MoneySchema.optional(),
});
export type ShopifyMoneyBag = z.infer<typeof MoneyBagSchema>;

export const PageInfoSchema = z.object({
  hasNextPage: z.boolean(),
  endCursor: z.string().nullable().optional(),
});
export type ShopifyPageInfo = z.infer<typeof PageInfoSchema>;

export const ThrottleStatusSchema = z.object({
  maximumAvailable: z.number(),
  currentlyAvailable: z.number(),
  restoreRate: z.number(),
});
export const CostSchema = z.object({
  requestedQueryCost: z.number(),
  actualQueryCost: z.number().nullable().optional(),
  throttleStatus: ThrottleStatusSchema,
});
export type ShopifyCost = z.infer<typeof CostSchema>;

export const GraphqlErrorSchema = z.object({
  message: z.string(),
  extensions: z
    .object({
      code: z.string().optional(),
      requiredAccess: z.string().optional(),
    })
    .optional(),
});

/** Envelope of every GraphQL response; `data` is validated separately per query. */
export const GraphqlEnvelopeSchema = z.object({
  data: z.unknown().optional(),
  errors: z.array(GraphqlErrorSchema).optional(),
  extensions: z.object({ cost: CostSchema.optional() }).optional(),
});

export const ShopSchema = z.object({
  name: z.string(),
  currencyCode: z.string(),
  ianaTimezone: z.string(),
});
export const ShopQueryDataSchema = z.object({ shop: ShopSchema });
export type ShopifyShop = z.infer<typeof ShopSchema>;

export const MailingAddressSchema = z.object({
  name: z.string().nullable().optional(),
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
  address1: z.string().nullable().optional(),
  address2: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  province: z.string().nullable().optional(),
  provinceCode: z.string().nullable().optional(),
  zip: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  countryCodeV2: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
});

export const OrderCustomerSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
  defaultEmailAddress: z.object({ emailAddress: z.string().nullable().optional() }).nullable().optional(),
});

export const LineItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  sku: z.string().nullable().optional(),
  originalUnitPriceSet: MoneyBagSchema,
});

export const OrderSchema = z.object({
  id: z.string(),
  name: z.string(),
  number: z.number().int(),
  legacyResourceId: z.union([z.string(), z.number()]).optional(),
  displayFinancialStatus: z.string().nullable().optional(),
  displayFulfillmentStatus: z.string(),
  currencyCode: z.string(),
  presentmentCurrencyCode: z.string().optional(),
  createdAt: z.string(),
  processedAt: z.string().nullable().optional(),
  cancelledAt: z.string().nullable().optional(),
  test: z.boolean().optional(),
  email: z.string().nullable().optional(),
  totalPriceSet: MoneyBagSchema,
  subtotalPriceSet: MoneyBagSchema.nullable().optional(),
  totalTaxSet: MoneyBagSchema.nullable().optional(),
  customer: OrderCustomerSchema.nullable().optional(),
  shippingAddress: MailingAddressSchema.nullable().optional(),
  lineItems: z.object({
    pageInfo: PageInfoSchema.optional(),
    nodes: z.array(LineItemSchema),
  }),
});
export type ShopifyOrder = z.infer<typeof OrderSchema>;

export const RefundSchema = z.object({
  id: z.string(),
  createdAt: z.string().nullable().optional(),
  note: z.string().nullable().optional(),
  totalRefundedSet: MoneyBagSchema,
});

/** An order as Order Lookup reads it (`ORDER_LOOKUP_QUERY`). */
export const LookupOrderSchema = OrderSchema.extend({
  discountCodes: z.array(z.string()).optional(),
  totalDiscountsSet: MoneyBagSchema.nullable().optional(),
  totalShippingPriceSet: MoneyBagSchema.nullable().optional(),
  totalRefundedSet: MoneyBagSchema.nullable().optional(),
  currentTotalPriceSet: MoneyBagSchema.nullable().optional(),
  refunds: z.array(RefundSchema).optional(),
});
export type ShopifyLookupOrder = z.infer<typeof LookupOrderSchema>;

export const OrderLookupQueryDataSchema = z.object({
  shop: z.object({ ianaTimezone: z.string() }),
  orders: z.object({ pageInfo: PageInfoSchema, nodes: z.array(LookupOrderSchema) }),
});

export const OrdersQueryDataSchema = z.object({
  orders: z.object({ pageInfo: PageInfoSchema, nodes: z.array(OrderSchema) }),
});

export const CustomerSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
  defaultEmailAddress: z.object({ emailAddress: z.string().nullable().optional() }).nullable().optional(),
  numberOfOrders: z.union([z.string(), z.number()]).optional(),
  amountSpent: MoneySchema.optional(),
  createdAt: z.string(),
});
export type ShopifyCustomer = z.infer<typeof CustomerSchema>;
export const CustomersQueryDataSchema = z.object({
  customers: z.object({ pageInfo: PageInfoSchema, nodes: z.array(CustomerSchema) }),
});

export const InventoryLevelSchema = z.object({
  location: z.object({ id: z.string(), name: z.string() }),
  quantities: z.array(z.object({ name: z.string(), quantity: z.number() })),
});
export const VariantSchema = z.object({
  id: z.string(),
  title: z.string(),
  sku: z.string().nullable().optional(),
  price: z.union([z.string(), z.number()]).optional(),
  inventoryQuantity: z.number().nullable().optional(),
  inventoryItem: z
    .object({
      id: z.string(),
      tracked: z.boolean().optional(),
      inventoryLevels: z.object({ nodes: z.array(InventoryLevelSchema) }).optional(),
    })
    .nullable()
    .optional(),
});
export const ProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string().optional(),
  status: z.string().optional(),
  vendor: z.string().nullable().optional(),
  productType: z.string().nullable().optional(),
  createdAt: z.string().optional(),
  totalInventory: z.number().nullable().optional(),
  variants: z.object({ nodes: z.array(VariantSchema) }),
});
export type ShopifyProduct = z.infer<typeof ProductSchema>;
export const ProductsQueryDataSchema = z.object({
  products: z.object({ pageInfo: PageInfoSchema, nodes: z.array(ProductSchema) }),
});

/** Client-credentials grant response. */
export const AccessTokenResponseSchema = z.object({
  access_token: z.string().min(1),
  scope: z.string().optional(),
  expires_in: z.number().optional(),
});

export const OrderTotalsSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable().optional(),
  test: z.boolean().optional(),
  displayFinancialStatus: z.string().nullable().optional(),
  totalPriceSet: MoneyBagSchema,
});
export type ShopifyOrderTotals = z.infer<typeof OrderTotalsSchema>;
export const OrderTotalsQueryDataSchema = z.object({
  orders: z.object({ pageInfo: PageInfoSchema, nodes: z.array(OrderTotalsSchema) }),
});
