/**
 * The Shopify access scopes Upside needs, each with why and what breaks without it — derived
 * from what the connector and the sync query (src/server/connectors/shopify/queries.ts,
 * src/server/domain/warehouse/shopify-documents.ts) and the webhook topics they subscribe to. Nothing
 * writes to the store and no ShopifyQL is run, so no write_* scope and no read_reports /
 * read_analytics (contracts/external-apis-2.md §4). Shown on the setup page and used by
 * GET /api/shopify/scopes.
 */

/** Without read_all_orders, Shopify serves the orders of the last 60 days only (external-apis.md §1.3). */
export const ORDER_HISTORY_DAYS_WITHOUT_ALL_ORDERS = 60;

export interface ShopifyScopeNeed {
  scope: string;
  /** Why Upside asks for it (setup page). */
  why: string;
  /** What breaks when it is not granted. */
  effect: string;
}

export const SHOPIFY_SCOPES: readonly ShopifyScopeNeed[] = [
  {
    scope: 'read_orders',
    why: 'Orders, line items, refunds, transactions with their fees and the customer journey: revenue, profit and attribution; also the order webhooks.',
    effect:
      'No orders can be read: revenue, profit, attribution and every order report stay empty, and order webhooks cannot be registered.',
  },
  {
    scope: 'read_all_orders',
    why: `Order history older than ${ORDER_HISTORY_DAYS_WITHOUT_ALL_ORDERS} days, for the first backfill, cohorts, customer lifetime value and year-over-year comparisons.`,
    effect: `Shopify returns only the last ${ORDER_HISTORY_DAYS_WITHOUT_ALL_ORDERS} days of orders: older history is missing from every report (cohorts, customer lifetime value, year-over-year).`,
  },
  {
    scope: 'read_products',
    why: 'Products and variants: product reports, SKUs and the variants orders refer to.',
    effect: 'Products and variants cannot be read: product reports and costs per variant stay empty.',
  },
  {
    scope: 'read_inventory',
    why: 'Stock levels and unit costs: stock-out impact, low-stock alerts and profit from Shopify’s unit costs.',
    effect:
      'Stock levels and unit costs cannot be read, so the product sync fails: no stock-outs, no low-stock alerts, no costs from Shopify.',
  },
  {
    scope: 'read_locations',
    why: 'The names of the locations stock is held at (Shopify needs this scope for a location’s name).',
    effect: 'Location names cannot be read, so the product sync fails: no stock levels and no unit costs.',
  },
  {
    scope: 'read_customers',
    why: 'Customers: new versus returning, customer lifetime value, RFM segments and cohorts.',
    effect: 'Customers cannot be read: customer lifetime value, segments and cohorts stay empty.',
  },
];

/** A scope counts as granted when it or its write_ form is (Shopify: write implies read). */
function holds(granted: readonly string[], scope: string): boolean {
  return granted.includes(scope) || granted.includes(scope.replace(/^read_/, 'write_'));
}

/** The needed scopes that `granted` lacks, each with what breaks without it, in SHOPIFY_SCOPES order. */
export function missingShopifyScopes(granted: readonly string[]): { scope: string; effect: string }[] {
  return SHOPIFY_SCOPES.filter((need) => !holds(granted, need.scope)).map(({ scope, effect }) => ({
    scope,
    effect,
  }));
}
