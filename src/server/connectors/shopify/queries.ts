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
  lineItems(first: 50) {
    pageInfo { hasNextPage endCursor }
    nodes { id title quantity sku originalUnitPriceSet { shopMoney { amount currencyCode } } }
  }`;

export const ORDERS_QUERY = `query Orders($first: Int!, $after: String, $query: String) {
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

export const PRODUCTS_QUERY = `query Products($first: Int!, $after: String) {
  products(first: $first, after: $after) {
    pageInfo { hasNextPage endCursor }
    nodes { id title handle status vendor productType createdAt totalInventory
      variants(first: 50) { nodes { id title sku price inventoryQuantity
        inventoryItem { id tracked
          inventoryLevels(first: 10) { nodes { location { id name }
            quantities(names: ["available", "on_hand", "committed"]) { name quantity } } } } } } }
  }
}`;
