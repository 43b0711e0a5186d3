import {
  bigint,
  boolean,
  date,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from './auth.ts';

/**
 * The warehouse (migration 0030): the store's facts copied from Shopify, GA4 and Meta by the sync
 * jobs in src/server/jobs. Analysis (issue 6 part B) reads only these tables, never the vendors.
 *
 * Conventions every table follows:
 * - `workspace_id` first in every primary key; the key is the vendor's natural identity, so every
 *   write is an upsert and running a sync twice changes nothing.
 * - Shopify ids are the numeric tail of the GID (`gid://shopify/Order/123` → 123) as bigint.
 * - Money is exact: integer minor units (`*_minor`: cents; whole yen for JPY) of the currency in
 *   the row's `currency_code`. Shopify amounts are the shop currency (`shopMoney`), never
 *   presentment money. Divide by 10^wh_shops.currency_digits for major units.
 * - `*_date` columns are calendar days in the shop's time zone (`wh_shops.iana_timezone`),
 *   computed with IANA rules at sync time (DST-safe; an order at 00:30 local time is that day's).
 * - bigint columns are read as JS numbers (all values stay far below 2^53).
 * - No foreign keys between warehouse tables (vendors do not deliver in dependency order).
 */

const workspaceId = () =>
  uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });
const minor = (name: string) => bigint(name, { mode: 'number' });
const instant = (name: string) => timestamp(name, { withTimezone: true });
const day = (name: string) => date(name, { mode: 'string' });

/** The connected shop's identity and the two facts every money/day computation needs. */
export const whShops = pgTable('wh_shops', {
  workspaceId: workspaceId().primaryKey(),
  /** `{handle}.myshopify.com`. */
  shopDomain: text('shop_domain').notNull(),
  name: text('name').notNull(),
  /** Shop currency (ISO 4217): the currency of every Shopify `*_minor` column. */
  currencyCode: text('currency_code').notNull(),
  /** Minor-unit digits of the shop currency (2 for USD, 0 for JPY). */
  currencyDigits: smallint('currency_digits').notNull(),
  /** The shop's IANA time zone; defines every Shopify `*_date` column. */
  ianaTimezone: text('iana_timezone').notNull(),
  syncedAt: instant('synced_at').notNull().defaultNow(),
});

/** One row per Shopify order (test and cancelled orders included; filter on `test`/`cancelled_at`). */
export const whOrders = pgTable(
  'wh_orders',
  {
    workspaceId: workspaceId(),
    /** Shopify order id (legacyResourceId). */
    orderId: minor('order_id').notNull(),
    /** Display name, e.g. "#1001". */
    name: text('name').notNull(),
    orderNumber: integer('order_number'),
    /** Shop currency of every `*_minor` column below. */
    currencyCode: text('currency_code').notNull(),
    /** What the customer paid in (for reconciliation's currency cause); amounts are NOT in it. */
    presentmentCurrencyCode: text('presentment_currency_code'),
    /** totalPriceSet.shopMoney: gross order total incl. tax and shipping, before refunds. */
    totalMinor: minor('total_minor').notNull(),
    /** subtotalPriceSet (line items after discounts, before tax/shipping). */
    subtotalMinor: minor('subtotal_minor'),
    taxMinor: minor('tax_minor'),
    /** totalDiscountsSet. */
    discountMinor: minor('discount_minor'),
    /** totalShippingPriceSet. */
    shippingMinor: minor('shipping_minor'),
    /** totalRefundedSet; per-refund amounts and dates are in wh_refunds (revenue drops on the refund date). */
    refundedMinor: minor('refunded_minor').notNull().default(0),
    /** totalPriceSet.presentmentMoney in `presentment_currency_code` (reconciliation only). */
    totalPresentmentMinor: minor('total_presentment_minor'),
    createdAt: instant('created_at').notNull(),
    processedAt: instant('processed_at'),
    /** Set when cancelled; cancelled orders are not revenue. */
    cancelledAt: instant('cancelled_at'),
    /** Shopify updatedAt; the incremental sync cursor. */
    updatedAt: instant('updated_at').notNull(),
    /** Shop-local day of created_at: the day the order counts for. */
    orderDate: day('order_date').notNull(),
    /** displayFinancialStatus (PAID, PARTIALLY_REFUNDED, REFUNDED, …; unknown values kept as-is). */
    financialStatus: text('financial_status'),
    /** displayFulfillmentStatus. */
    fulfillmentStatus: text('fulfillment_status'),
    /** Test orders are never revenue. */
    test: boolean('test').notNull().default(false),
    /** Shopify customer id; null for guest checkouts. */
    customerId: minor('customer_id'),
    /** First discount code applied, if any. */
    discountCode: text('discount_code'),
    /** Shipping address country (ISO 3166-1 alpha-2). */
    countryCode: text('country_code'),
    /** Last visit before purchase (customerJourneySummary.lastVisit): source name, e.g. "facebook". */
    sourceName: text('source_name'),
    /** Last visit sourceType (SEARCH, SOCIAL, EMAIL, DIRECT, REFERRAL, AD…). */
    sourceType: text('source_type'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmContent: text('utm_content'),
    utmTerm: text('utm_term'),
    /**
     * The first visit's source type and UTM source, medium and campaign (customerJourneySummary.firstVisit,
     * also wh_journey_touchpoints position 0): what the attribution rule credits when the last visit
     * is direct, kept here so credit reads need no join (migration 0420, decision 083).
     */
    firstSourceType: text('first_source_type'),
    firstUtmSource: text('first_utm_source'),
    firstUtmMedium: text('first_utm_medium'),
    firstUtmCampaign: text('first_utm_campaign'),
    /** Last visit landing page (path or URL as Shopify reports it). */
    landingPage: text('landing_page'),
    referrerUrl: text('referrer_url'),
    /** Number of visits in the journey; null when Shopify has no journey for the order. */
    momentsCount: integer('moments_count'),
    daysToConversion: integer('days_to_conversion'),
    /** Our tracker's first-party visitor id: the order's `_upside_vid` custom attribute (migration 0240). */
    visitorId: text('visitor_id'),
    /** Order.cartToken and Order.checkoutToken: the fallback join to the tracker's session. */
    cartToken: text('cart_token'),
    checkoutToken: text('checkout_token'),
    /** sha256 hex of the order's lower-cased, trimmed e-mail (the address itself is not copied). */
    emailHash: text('email_hash'),
    syncedAt: instant('synced_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.orderId] })],
);

/** Order lines; `order_date` is copied from the order so product/stock queries need no join. */
export const whOrderLineItems = pgTable(
  'wh_order_line_items',
  {
    workspaceId: workspaceId(),
    lineItemId: minor('line_item_id').notNull(),
    orderId: minor('order_id').notNull(),
    orderDate: day('order_date').notNull(),
    productId: minor('product_id'),
    variantId: minor('variant_id'),
    title: text('title').notNull(),
    variantTitle: text('variant_title'),
    sku: text('sku'),
    quantity: integer('quantity').notNull(),
    /** originalUnitPriceSet.shopMoney: unit price before discounts. */
    unitPriceMinor: minor('unit_price_minor').notNull(),
    /** totalDiscountSet.shopMoney: discount on the whole line. */
    discountMinor: minor('discount_minor').notNull().default(0),
    currencyCode: text('currency_code').notNull(),
    /** The unit cost frozen on the line when it was priced (migration 0100); null: none known. */
    unitCostMinor: minor('unit_cost_minor'),
    /** Where the frozen cost came from: manual, import, shopify or default_margin. */
    costSource: text('cost_source'),
    /** The frozen cost rests on the default margin: an estimate, not a known cost. */
    costEstimated: boolean('cost_estimated').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.lineItemId] })],
);

/** Refunds: revenue is reduced on `refund_date` (shop-local day of created_at), not the order date. */
export const whRefunds = pgTable(
  'wh_refunds',
  {
    workspaceId: workspaceId(),
    refundId: minor('refund_id').notNull(),
    orderId: minor('order_id').notNull(),
    createdAt: instant('created_at').notNull(),
    refundDate: day('refund_date').notNull(),
    /** totalRefundedSet.shopMoney. */
    amountMinor: minor('amount_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
    note: text('note'),
    /** Refunded shipping of the refund (null when the upstream does not say). */
    shippingMinor: minor('shipping_minor'),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.refundId] })],
);

/**
 * Attribution paths: position 0 = first visit, 1 = last visit of the order's customer journey
 * (Shopify exposes these two plus the visit count, `wh_orders.moments_count`).
 */
export const whJourneyTouchpoints = pgTable(
  'wh_journey_touchpoints',
  {
    workspaceId: workspaceId(),
    orderId: minor('order_id').notNull(),
    position: smallint('position').notNull(),
    occurredAt: instant('occurred_at'),
    source: text('source'),
    sourceType: text('source_type'),
    referrerUrl: text('referrer_url'),
    landingPage: text('landing_page'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmContent: text('utm_content'),
    utmTerm: text('utm_term'),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.orderId, table.position] })],
);

export const whCustomers = pgTable(
  'wh_customers',
  {
    workspaceId: workspaceId(),
    customerId: minor('customer_id').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** defaultEmailAddress.emailAddress. */
    email: text('email'),
    /** Shopify's own count (compare with wh_orders; ours is authoritative for analysis). */
    numberOfOrders: integer('number_of_orders'),
    amountSpentMinor: minor('amount_spent_minor'),
    currencyCode: text('currency_code'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at'),
    syncedAt: instant('synced_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.customerId] })],
);

export const whProducts = pgTable(
  'wh_products',
  {
    workspaceId: workspaceId(),
    productId: minor('product_id').notNull(),
    title: text('title').notNull(),
    handle: text('handle'),
    /** ACTIVE, DRAFT, ARCHIVED. */
    status: text('status'),
    vendor: text('vendor'),
    productType: text('product_type'),
    totalInventory: integer('total_inventory'),
    createdAt: instant('created_at'),
    updatedAt: instant('updated_at'),
    syncedAt: instant('synced_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.productId] })],
);

export const whVariants = pgTable(
  'wh_variants',
  {
    workspaceId: workspaceId(),
    variantId: minor('variant_id').notNull(),
    productId: minor('product_id').notNull(),
    title: text('title').notNull(),
    sku: text('sku'),
    /** Current selling price in the shop currency. */
    priceMinor: minor('price_minor'),
    /** inventoryItem.unitCost (shop currency); null when the merchant has not entered a cost. */
    unitCostMinor: minor('unit_cost_minor'),
    currencyCode: text('currency_code').notNull(),
    inventoryItemId: minor('inventory_item_id'),
    inventoryTracked: boolean('inventory_tracked'),
    /** Sum of available units over locations at the last sync. */
    inventoryQuantity: integer('inventory_quantity'),
    /** inventoryItem.measurement.weight in grams, for shipping profiles. */
    weightGrams: integer('weight_grams'),
    syncedAt: instant('synced_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.variantId] })],
);

/**
 * Daily stock: one row per (shop-local day, variant, location) holding the levels seen by that
 * day's last sync. Shopify only tells the current level, so history accrues one day per day of
 * syncing; stock-outs before the first sync must be inferred from sales.
 */
export const whInventorySnapshots = pgTable(
  'wh_inventory_snapshots',
  {
    workspaceId: workspaceId(),
    snapshotDate: day('snapshot_date').notNull(),
    variantId: minor('variant_id').notNull(),
    locationId: minor('location_id').notNull(),
    locationName: text('location_name'),
    /** Units available to sell (≤ 0 means out of stock at this location). */
    available: integer('available').notNull(),
    onHand: integer('on_hand'),
    committed: integer('committed'),
    capturedAt: instant('captured_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.snapshotDate, table.variantId, table.locationId] }),
  ],
);

/** GA4 runReport by date × sessionSource × sessionMedium (dates in the GA4 property's time zone). */
export const whGa4DailyChannels = pgTable(
  'wh_ga4_daily_channels',
  {
    workspaceId: workspaceId(),
    date: day('date').notNull(),
    sessionSource: text('session_source').notNull(),
    sessionMedium: text('session_medium').notNull(),
    /** sessionDefaultChannelGroup (e.g. "Paid Social", "Organic Search"). */
    channelGroup: text('channel_group').notNull(),
    sessions: minor('sessions').notNull(),
    engagedSessions: minor('engaged_sessions').notNull(),
    activeUsers: minor('active_users').notNull(),
    newUsers: minor('new_users').notNull(),
    screenPageViews: minor('screen_page_views').notNull(),
    /** keyEvents (formerly conversions). */
    keyEvents: minor('key_events').notNull(),
    /** purchaseRevenue in the property currency (`currency_code`), minor units. */
    purchaseRevenueMinor: minor('purchase_revenue_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.date, table.sessionSource, table.sessionMedium] }),
  ],
);

/** GA4 runReport by date × pagePath (landing-page conversion opportunities). */
export const whGa4DailyPages = pgTable(
  'wh_ga4_daily_pages',
  {
    workspaceId: workspaceId(),
    date: day('date').notNull(),
    pagePath: text('page_path').notNull(),
    pageTitle: text('page_title'),
    sessions: minor('sessions').notNull(),
    engagedSessions: minor('engaged_sessions').notNull(),
    screenPageViews: minor('screen_page_views').notNull(),
    keyEvents: minor('key_events').notNull(),
    purchaseRevenueMinor: minor('purchase_revenue_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.date, table.pagePath] })],
);

/**
 * GA4 runReport by date × session source / medium × sessionCampaignName (migration 0380, decision
 * 073): GA4-reported revenue per campaign on /campaigns.
 */
export const whGa4DailyCampaigns = pgTable(
  'wh_ga4_daily_campaigns',
  {
    workspaceId: workspaceId(),
    date: day('date').notNull(),
    sessionSource: text('session_source').notNull(),
    sessionMedium: text('session_medium').notNull(),
    /** sessionCampaignName (utm_campaign; GA4 says "(direct)", "(organic)", "(not set)" … without one). */
    campaignName: text('campaign_name').notNull(),
    sessions: minor('sessions').notNull(),
    transactions: minor('transactions').notNull(),
    /** purchaseRevenue in the property currency (`currency_code`), minor units. */
    purchaseRevenueMinor: minor('purchase_revenue_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.workspaceId, table.date, table.sessionSource, table.sessionMedium, table.campaignName],
    }),
  ],
);

/** Meta campaigns with their current status and budgets (account currency). */
export const whMetaCampaigns = pgTable(
  'wh_meta_campaigns',
  {
    workspaceId: workspaceId(),
    campaignId: text('campaign_id').notNull(),
    name: text('name').notNull(),
    /** ACTIVE, PAUSED, DELETED, ARCHIVED. */
    status: text('status'),
    effectiveStatus: text('effective_status'),
    objective: text('objective'),
    dailyBudgetMinor: minor('daily_budget_minor'),
    lifetimeBudgetMinor: minor('lifetime_budget_minor'),
    /** Ad account currency. */
    currencyCode: text('currency_code').notNull(),
    startTime: instant('start_time'),
    stopTime: instant('stop_time'),
    syncedAt: instant('synced_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.campaignId] })],
);

/**
 * Meta insights, level=campaign, time_increment=1 (days in the ad account's time zone). The last
 * 28 days are re-read on every sync because Meta restates them; the upsert replaces the values.
 */
export const whMetaDailyInsights = pgTable(
  'wh_meta_daily_insights',
  {
    workspaceId: workspaceId(),
    date: day('date').notNull(),
    campaignId: text('campaign_id').notNull(),
    campaignName: text('campaign_name').notNull(),
    /** Campaign status at sync time (from wh_meta_campaigns). */
    campaignStatus: text('campaign_status'),
    spendMinor: minor('spend_minor').notNull(),
    impressions: minor('impressions').notNull(),
    clicks: minor('clicks').notNull(),
    reach: minor('reach'),
    /** Purchases Meta claims (canonical action type, see features/warehouse-sync/meta/meta-sync.ts). */
    reportedPurchases: integer('reported_purchases').notNull(),
    reportedPurchaseValueMinor: minor('reported_purchase_value_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
    syncedAt: instant('synced_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.date, table.campaignId] })],
);
