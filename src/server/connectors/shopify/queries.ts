/** GraphQL documents the connector sends (contracts/external-apis.md §1.4, §1.5, §1.9). */

export const SHOP_QUERY = 'query Shop { shop { name currencyCode ianaTimezone } }';

const ORDER_FIELDS = `
  id name number legacyResourceId
  displayFinancialStatus displayFulfillmentStatus
  currencyCode presentmentCurrencyCode
  createdAt processedAt cancelledAt test email
  totalPriceSet { shopMoney { amount currencyCode } presentmentMoney { amount currencyCode } }
  subtotalPriceSet { shopMoney { amount currencyCode } }
  totalTaxSet { shopMoney { amount currencyCode } }
  customer { id firstName lastName defaultEmailAddress { emailAddress } }
  shippingAddress { name firstName lastName address1 address2 city province provinceCode zip country countryCodeV2 phone }
  lineItems(first: $lineItemsFirst) {
    pageInfo { hasNextPage endCursor }
    nodes { id title quantity sku originalUnitPriceSet { shopMoney { amount currencyCode } } }
  }`;

/**
 * Orders with line items. Shopify refuses a query whose requested cost exceeds 1000 points, and
 * each order costs roughly 6 + 3 × lineItemsFirst, so callers keep first × lineItemsFirst small
 * (the defaults: 10 orders × 10 line items); full backfills use bulk operations instead.
 */
export const ORDERS_QUERY = `query Orders($first: Int!, $after: String, $query: String, $lineItemsFirst: Int!) {
  orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT, reverse: true) {
    pageInfo { hasNextPage endCursor }
    nodes { ${ORDER_FIELDS} }
  }
}`;

export const CUSTOMERS_QUERY = `query Customers($first: Int!, $after: String, $query: String) {
  customers(first: $first, after: $after, query: $query) {
    pageInfo { hasNextPage endCursor }
    nodes { id firstName lastName defaultEmailAddress { emailAddress } numberOfOrders amountSpent { amount currencyCode } createdAt }
  }
}`;

/** Products with variants and inventory levels; cost ≈ first × variantsFirst × (4 + 3 × levelsFirst). */
export const PRODUCTS_QUERY = `query Products($first: Int!, $after: String, $variantsFirst: Int!, $levelsFirst: Int!) {
  products(first: $first, after: $after) {
    pageInfo { hasNextPage endCursor }
    nodes { id title handle status vendor productType createdAt totalInventory
      variants(first: $variantsFirst) { nodes { id title sku price inventoryQuantity
        inventoryItem { id tracked
          inventoryLevels(first: $levelsFirst) { nodes { location { id name }
            quantities(names: ["available", "on_hand", "committed"]) { name quantity } } } } } } }
  }
}`;

/**
 * One order for Order Lookup: the order fields plus what reconciles its total (discounts,
 * shipping), its refunds, and the shop's time zone to show its dates in; a few candidates by name.
 */
export const ORDER_LOOKUP_QUERY = `query OrderLookup($first: Int!, $query: String, $lineItemsFirst: Int!) {
  shop { ianaTimezone }
  orders(first: $first, query: $query, sortKey: CREATED_AT, reverse: true) {
    pageInfo { hasNextPage endCursor }
    nodes { ${ORDER_FIELDS}
      discountCodes
      totalDiscountsSet { shopMoney { amount currencyCode } }
      totalShippingPriceSet { shopMoney { amount currencyCode } }
      totalRefundedSet { shopMoney { amount currencyCode } }
      currentTotalPriceSet { shopMoney { amount currencyCode } }
      refunds(first: 20) { id createdAt note totalRefundedSet { shopMoney { amount currencyCode } } }
    }
  }
}`;

/** Light order rows (no line items, ~3 points each) for summaries: up to 250 per page. */
export const ORDER_TOTALS_QUERY = `query OrderTotals($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT, reverse: true) {
    pageInfo { hasNextPage endCursor }
    nodes { id name createdAt cancelledAt test displayFinancialStatus
      totalPriceSet { shopMoney { amount currencyCode } } }
  }
}`;
