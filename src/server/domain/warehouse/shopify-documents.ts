import { z } from 'zod';

/**
 * GraphQL documents and zod schemas of what the Shopify sync reads (contracts/external-apis.md
 * §1.5, §1.9, §1.11), sent through the connector's ShopifyClient. They ask for more than the
 * connector's display queries: updatedAt (the incremental cursor), discounts, shipping, refunds
 * with their dates (their lines and restock apart: REFUND_DETAILS_QUERY), transactions with their
 * fees, the customer journey (UTM, landing page, referrer), variant/product ids and weights.
 * Costs stay under Shopify's 1000-point single-query cap; the backfill uses a bulk operation.
 */

const VISIT =
  'occurredAt source sourceType referrerUrl landingPage utmParameters { source medium campaign content term }';

// Shop money is always in the shop currency (wh_shops), so only its amount is read: a backfill
// file carries seven money bags per order and two per line.
const ORDER_SCALARS = `id name number createdAt processedAt cancelledAt updatedAt test email cartToken checkoutToken
  customAttributes { key value }
  displayFinancialStatus displayFulfillmentStatus currencyCode presentmentCurrencyCode sourceName discountCodes
  totalPriceSet { shopMoney { amount } presentmentMoney { amount currencyCode } }
  subtotalPriceSet { shopMoney { amount } }
  totalTaxSet { shopMoney { amount } }
  totalDiscountsSet { shopMoney { amount } }
  totalShippingPriceSet { shopMoney { amount } }
  totalRefundedSet { shopMoney { amount } }
  customer { id }
  shippingAddress { countryCodeV2 }
  refunds { id createdAt updatedAt note totalRefundedSet { shopMoney { amount } } }
  transactions { id kind status gateway createdAt processedAt amountSet { shopMoney { amount } } fees { amount { amount } } }
  customerJourneySummary { momentsCount { count } daysToConversion firstVisit { ${VISIT} } lastVisit { ${VISIT} } }`;

const LINE_ITEM = `id title variantTitle sku quantity variant { id product { id } }
  originalUnitPriceSet { shopMoney { amount } }
  totalDiscountSet { shopMoney { amount } }`;

/** Incremental page: oldest update first, so the cursor only moves forward. */
export const SYNC_ORDERS_QUERY = `query SyncOrders($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    pageInfo { hasNextPage endCursor }
    nodes { ${ORDER_SCALARS}
      lineItems(first: 5) { pageInfo { hasNextPage endCursor } nodes { ${LINE_ITEM} } } }
  }
}`;

/** The rest of an order's lines when it has more than the page query fetched. */
export const ORDER_LINE_ITEMS_QUERY = `query OrderLineItems($id: ID!, $after: String) {
  order(id: $id) { lineItems(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { ${LINE_ITEM} } } }
}`;

/**
 * Bulk export of the orders matching `search` (null: every order) with their lines (JSONL: lines
 * are separate objects with __parentId). The backfill exports date slices one after the other.
 */
export function bulkOrdersQuery(search: string | null): string {
  const args = search === null ? '' : `(query: ${JSON.stringify(search)})`;
  return `{ orders${args} { edges { node { ${ORDER_SCALARS}
  lineItems { edges { node { ${LINE_ITEM} } } } } } } }`;
}

/** Oldest order and the order count: how the backfill cuts its bulk export into date slices. */
export const ORDERS_SPAN_QUERY = `query OrdersSpan {
  orders(first: 1, sortKey: CREATED_AT) { nodes { createdAt } }
  ordersCount(limit: null) { count }
}`;
export const OrdersSpanDataSchema = z.object({
  orders: z.object({ nodes: z.array(z.object({ createdAt: z.string() })) }),
  ordersCount: z.object({ count: z.number().int() }).nullable(),
});

const CUSTOMER_FIELDS =
  'id firstName lastName defaultEmailAddress { emailAddress } numberOfOrders amountSpent { amount currencyCode } createdAt updatedAt';

export const SYNC_CUSTOMERS_QUERY = `query SyncCustomers($first: Int!, $after: String, $query: String) {
  customers(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    pageInfo { hasNextPage endCursor }
    nodes { ${CUSTOMER_FIELDS} }
  }
}`;

export const BULK_CUSTOMERS_QUERY = `{ customers { edges { node { ${CUSTOMER_FIELDS} } } } }`;

export const SYNC_PRODUCTS_QUERY = `query SyncProducts($first: Int!, $after: String) {
  products(first: $first, after: $after) {
    pageInfo { hasNextPage endCursor }
    nodes { id title handle status vendor productType createdAt updatedAt totalInventory
      variants(first: 20) { nodes { id title sku price inventoryQuantity
        inventoryItem { id tracked unitCost { amount currencyCode } measurement { weight { unit value } }
          inventoryLevels(first: 3) { nodes { location { id name }
            quantities(names: ["available", "on_hand", "committed"]) { name quantity } } } } } } }
  }
}`;

export const BULK_RUN_MUTATION = `mutation RunBulk($query: String!) {
  bulkOperationRunQuery(query: $query) { bulkOperation { id status } userErrors { field message code } }
}`;

const BULK_FIELDS =
  'id status errorCode objectCount rootObjectCount url partialDataUrl createdAt completedAt query';

export const CURRENT_BULK_QUERY = `query CurrentBulk {
  currentBulkOperation(type: QUERY) { ${BULK_FIELDS} }
}`;

/** An earlier export by id (the current one may already be the next slice's). */
export const BULK_BY_ID_QUERY = `query BulkById($id: ID!) {
  bulkOperation(id: $id) { ${BULK_FIELDS} }
}`;

const MoneySchema = z.object({
  amount: z.union([z.string(), z.number()]),
  currencyCode: z.string().optional(),
});
const BagSchema = z.object({ shopMoney: MoneySchema, presentmentMoney: MoneySchema.optional() });
const optionalBag = BagSchema.nullable().optional();
const nullableString = z.string().nullable().optional();

const VisitSchema = z
  .object({
    occurredAt: nullableString,
    source: nullableString,
    sourceType: nullableString,
    referrerUrl: nullableString,
    landingPage: nullableString,
    utmParameters: z
      .object({
        source: nullableString,
        medium: nullableString,
        campaign: nullableString,
        content: nullableString,
        term: nullableString,
      })
      .nullable()
      .optional(),
  })
  .nullable()
  .optional();
export type SyncVisit = z.infer<typeof VisitSchema>;

export const SyncLineItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  variantTitle: nullableString,
  sku: nullableString,
  quantity: z.number().int(),
  variant: z
    .object({ id: z.string(), product: z.object({ id: z.string() }).nullable().optional() })
    .nullable()
    .optional(),
  originalUnitPriceSet: BagSchema,
  totalDiscountSet: optionalBag,
});
export type SyncLineItem = z.infer<typeof SyncLineItemSchema>;

/** Order.transactions: fees are Shopify's own (Shopify Payments); other gateways return none. */
export const SyncTransactionSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.string(),
  gateway: nullableString,
  createdAt: z.string(),
  processedAt: nullableString,
  amountSet: BagSchema,
  fees: z
    .array(z.object({ amount: MoneySchema }))
    .nullable()
    .optional(),
});
export type SyncTransaction = z.infer<typeof SyncTransactionSchema>;

const PageInfoSchema = z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable().optional() });

export const SyncOrderSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: nullableString,
  cartToken: nullableString,
  checkoutToken: nullableString,
  customAttributes: z
    .array(z.object({ key: z.string(), value: z.string().nullable().optional() }))
    .nullable()
    .optional(),
  number: z.number().int().nullable().optional(),
  createdAt: z.string(),
  processedAt: nullableString,
  cancelledAt: nullableString,
  updatedAt: z.string(),
  test: z.boolean().nullable().optional(),
  displayFinancialStatus: nullableString,
  displayFulfillmentStatus: nullableString,
  currencyCode: z.string(),
  presentmentCurrencyCode: nullableString,
  sourceName: nullableString,
  discountCodes: z.array(z.string()).nullable().optional(),
  totalPriceSet: BagSchema,
  subtotalPriceSet: optionalBag,
  totalTaxSet: optionalBag,
  totalDiscountsSet: optionalBag,
  totalShippingPriceSet: optionalBag,
  totalRefundedSet: optionalBag,
  customer: z.object({ id: z.string() }).nullable().optional(),
  shippingAddress: z.object({ countryCodeV2: nullableString }).nullable().optional(),
  refunds: z
    .array(
      z.object({
        id: z.string(),
        createdAt: nullableString,
        updatedAt: nullableString,
        note: nullableString,
        totalRefundedSet: BagSchema,
      }),
    )
    .nullable()
    .optional(),
  transactions: z.array(SyncTransactionSchema).nullable().optional(),
  customerJourneySummary: z
    .object({
      momentsCount: z
        .union([z.number(), z.object({ count: z.number() })])
        .nullable()
        .optional(),
      daysToConversion: z.number().nullable().optional(),
      firstVisit: VisitSchema,
      lastVisit: VisitSchema,
    })
    .nullable()
    .optional(),
  lineItems: z.object({ pageInfo: PageInfoSchema.optional(), nodes: z.array(SyncLineItemSchema) }).optional(),
});
export type SyncOrder = z.infer<typeof SyncOrderSchema>;

export const SyncOrdersDataSchema = z.object({
  orders: z.object({ pageInfo: PageInfoSchema, nodes: z.array(SyncOrderSchema) }),
});
export const OrderLineItemsDataSchema = z.object({
  order: z
    .object({ lineItems: z.object({ pageInfo: PageInfoSchema, nodes: z.array(SyncLineItemSchema) }) })
    .nullable(),
});

/**
 * The refunds of a few orders (`id:A OR id:B …`) with their lines' restock and their refunded
 * shipping. Asked apart from the order queries: a bulk export cannot nest a connection inside the
 * `refunds` list, and only the few orders with refunds need it. Cost ≈ 2 + first × 100, so
 * `first` stays ≤ 9 under the 1000-point cap; a refund of more than 20 lines is read again alone.
 */
export const REFUND_DETAILS_QUERY = `query RefundDetails($first: Int!, $query: String!, $linesFirst: Int!) {
  orders(first: $first, query: $query) {
    nodes { id refunds { id
      refundLineItems(first: $linesFirst) { pageInfo { hasNextPage }
        nodes { lineItem { id } quantity restocked restockType subtotalSet { shopMoney { amount } } } }
      refundShippingLines(first: 5) { nodes { subtotalAmountSet { shopMoney { amount } } } } } }
  }
}`;
const RefundDetailsSchema = z.array(
  z.object({
    id: z.string(),
    refundLineItems: z.object({
      pageInfo: z.object({ hasNextPage: z.boolean() }).optional(),
      nodes: z.array(
        z.object({
          lineItem: z.object({ id: z.string() }),
          quantity: z.number().int(),
          restocked: z.boolean().nullable().optional(),
          restockType: nullableString,
          subtotalSet: BagSchema,
        }),
      ),
    }),
    refundShippingLines: z.object({
      nodes: z.array(z.object({ subtotalAmountSet: BagSchema })),
    }),
  }),
);
export type RefundDetails = z.infer<typeof RefundDetailsSchema>;
export const RefundDetailsDataSchema = z.object({
  orders: z.object({ nodes: z.array(z.object({ id: z.string(), refunds: RefundDetailsSchema })) }),
});

export const SyncCustomerSchema = z.object({
  id: z.string(),
  firstName: nullableString,
  lastName: nullableString,
  defaultEmailAddress: z.object({ emailAddress: nullableString }).nullable().optional(),
  numberOfOrders: z.union([z.string(), z.number()]).nullable().optional(),
  amountSpent: MoneySchema.nullable().optional(),
  createdAt: z.string(),
  updatedAt: nullableString,
});
export type SyncCustomer = z.infer<typeof SyncCustomerSchema>;
export const SyncCustomersDataSchema = z.object({
  customers: z.object({ pageInfo: PageInfoSchema, nodes: z.array(SyncCustomerSchema) }),
});

const QuantitySchema = z.object({ name: z.string(), quantity: z.number() });
export const SyncVariantSchema = z.object({
  id: z.string(),
  title: z.string(),
  sku: nullableString,
  price: z.union([z.string(), z.number()]).nullable().optional(),
  inventoryQuantity: z.number().nullable().optional(),
  inventoryItem: z
    .object({
      id: z.string(),
      tracked: z.boolean().nullable().optional(),
      unitCost: MoneySchema.nullable().optional(),
      measurement: z
        .object({ weight: z.object({ unit: z.string(), value: z.number() }).nullable().optional() })
        .nullable()
        .optional(),
      inventoryLevels: z
        .object({
          nodes: z.array(
            z.object({
              location: z.object({ id: z.string(), name: z.string() }),
              quantities: z.array(QuantitySchema),
            }),
          ),
        })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
});
export const SyncProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: nullableString,
  status: nullableString,
  vendor: nullableString,
  productType: nullableString,
  createdAt: nullableString,
  updatedAt: nullableString,
  totalInventory: z.number().nullable().optional(),
  variants: z.object({ nodes: z.array(SyncVariantSchema) }),
});
export type SyncProduct = z.infer<typeof SyncProductSchema>;
export const SyncProductsDataSchema = z.object({
  products: z.object({ pageInfo: PageInfoSchema, nodes: z.array(SyncProductSchema) }),
});

export const BulkRunDataSchema = z.object({
  bulkOperationRunQuery: z.object({
    bulkOperation: z.object({ id: z.string(), status: z.string() }).nullable().optional(),
    userErrors: z.array(z.object({ message: z.string(), code: nullableString })).default([]),
  }),
});
const BulkOperationSchema = z.object({
  id: z.string(),
  status: z.string(),
  errorCode: nullableString,
  objectCount: z.union([z.string(), z.number()]).nullable().optional(),
  rootObjectCount: z.union([z.string(), z.number()]).nullable().optional(),
  url: nullableString,
  partialDataUrl: nullableString,
  query: nullableString,
  createdAt: nullableString,
  completedAt: nullableString,
});
export type BulkOperation = z.infer<typeof BulkOperationSchema>;
export const CurrentBulkDataSchema = z.object({ currentBulkOperation: BulkOperationSchema.nullable() });
export const BulkByIdDataSchema = z.object({ bulkOperation: BulkOperationSchema.nullable() });
