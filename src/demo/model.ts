/**
 * The demo store's data model: what the generator produces, what the emulators serve and what the
 * ground truth describes. Money is integer minor units of the named currency (`*Minor`); instants
 * are UTC epoch milliseconds (`*Ms`); days are 'YYYY-MM-DD' in the shop's time zone.
 * Documented for other teams in src/demo/README.md.
 */

import type { MetaAccount, MetaAd, MetaAdDailyRow, MetaCampaign, MetaDailyRow } from './meta-model.ts';
import type {
  BgNbdParams,
  DemoChannel,
  DemoJoinMethod,
  GammaGammaParams,
  PresetName,
} from './model-terms.ts';
import type { DemoProfitPlan } from './profit/model.ts';
import type { GroundTruth } from './truth-model.ts';

export interface GenerateOptions {
  seed: number;
  preset: PresetName;
  /** Last day of data, 'YYYY-MM-DD' in the shop time zone. Default DEFAULT_END_DATE (never the clock). */
  endDate?: string;
  /** Overrides for `custom` (and for tests on any preset). */
  customers?: number;
  days?: number;
  bgnbd?: BgNbdParams;
  gammaGamma?: GammaGammaParams;
  /**
   * Shop currency (default USD, the demo store). Another two-digit currency (SHOP_CURRENCIES) plants
   * a second demo shop of its own domain and name, selling the same catalogue at the same figures
   * in that currency: what the All-stores views convert (issue #17).
   */
  currency?: string;
}

export interface StoreConfig {
  seed: number;
  preset: PresetName;
  startDate: string;
  endDate: string;
  days: number;
  customers: number;
  bgnbd: BgNbdParams;
  gammaGamma: GammaGammaParams;
}

export interface DemoShop {
  id: string;
  name: string;
  /** `{handle}.myshopify.com`; the emulator routes on it (`/store/{shopDomain}/…`). */
  myshopifyDomain: string;
  email: string;
  currencyCode: string;
  ianaTimezone: string;
  /** e.g. '(GMT-05:00) America/New_York' */
  timezoneAbbreviation: string;
  planDisplayName: string;
  primaryDomainUrl: string;
  createdAtMs: number;
}

export interface DemoVariant {
  /** Index in DemoStore.variants (stable). */
  index: number;
  legacyId: number;
  id: string;
  productIndex: number;
  title: string;
  sku: string;
  priceMinor: number;
  unitCostMinor: number;
  inventoryItemLegacyId: number;
  /** Relative demand weight inside the catalogue. */
  popularity: number;
}

export interface DemoProduct {
  index: number;
  legacyId: number;
  id: string;
  title: string;
  handle: string;
  vendor: string;
  productType: string;
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  createdAtMs: number;
  variantIndexes: number[];
}

export interface DemoLocation {
  legacyId: number;
  id: string;
  name: string;
}

export interface DemoCustomer {
  index: number;
  legacyId: number;
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  countryCode: string;
  province: string;
  provinceCode: string;
  city: string;
  zip: string;
  address1: string;
  phone: string;
  /** Presentment currency the customer pays in. */
  currency: string;
  acquisitionChannel: DemoChannel;
  createdAtMs: number;
  updatedAtMs: number;
  /** Non-test, non-cancelled orders. */
  numberOfOrders: number;
  amountSpentMinor: number;
  /** True latent BG/NBD and Gamma-Gamma draws (ground truth per customer). */
  lambdaPerWeek: number;
  dropoutP: number;
  spendNu: number;
}

export interface UtmParameters {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  content: string | null;
  term: string | null;
}

export interface DemoVisit {
  occurredAtMs: number;
  source: string;
  /** Shopify's `sourceType` (e.g. 'SEARCH', 'SOCIAL', 'EMAIL', 'DIRECT', 'REFERRAL', 'AD'). */
  sourceType: string;
  referrerUrl: string | null;
  landingPage: string;
  utm: UtmParameters;
  channel: DemoChannel;
}

export interface DemoJourney {
  firstVisit: DemoVisit;
  lastVisit: DemoVisit;
  momentsCount: number;
  daysToConversion: number;
}

export interface DemoLineItem {
  legacyId: number;
  id: string;
  variantIndex: number;
  title: string;
  variantTitle: string;
  sku: string;
  quantity: number;
  unitPriceMinor: number;
  unitPricePresentmentMinor: number;
  discountMinor: number;
}

export interface DemoRefund {
  legacyId: number;
  id: string;
  createdAtMs: number;
  note: string | null;
  totalMinor: number;
  totalPresentmentMinor: number;
  lines: { lineItemIndex: number; quantity: number; subtotalMinor: number }[];
}

export type FinancialStatus =
  | 'AUTHORIZED'
  | 'PAID'
  | 'PARTIALLY_REFUNDED'
  | 'PENDING'
  | 'REFUNDED'
  | 'VOIDED';
export type FulfillmentStatus = 'FULFILLED' | 'UNFULFILLED' | 'PARTIALLY_FULFILLED' | 'IN_PROGRESS';

/** One Shopify order, fully materialised. Shop-currency amounts are USD minor units. */
export interface DemoOrder {
  /** Position in created-at order (0-based). */
  index: number;
  legacyId: number;
  id: string;
  name: string;
  number: number;
  customerIndex: number | null;
  email: string | null;
  test: boolean;
  createdAtMs: number;
  processedAtMs: number;
  updatedAtMs: number;
  cancelledAtMs: number | null;
  cancelReason: string | null;
  /** Local day of createdAt in the shop time zone. */
  day: string;
  currencyCode: string;
  presentmentCurrencyCode: string;
  /** Presentment units per shop unit on the order's day. */
  presentmentRate: number;
  financialStatus: FinancialStatus;
  fulfillmentStatus: FulfillmentStatus;
  lineItems: DemoLineItem[];
  discountCode: string | null;
  subtotalMinor: number;
  discountMinor: number;
  shippingMinor: number;
  taxMinor: number;
  totalMinor: number;
  refundedMinor: number;
  refunds: DemoRefund[];
  shippingAddress: {
    firstName: string;
    lastName: string;
    address1: string;
    address2: string | null;
    city: string;
    province: string;
    provinceCode: string;
    zip: string;
    country: string;
    countryCode: string;
    phone: string | null;
  } | null;
  journey: DemoJourney | null;
  /** True converting channel and (for Meta) campaign index. */
  channel: DemoChannel;
  metaCampaignIndex: number | null;
  /** The demo TikTok campaign (its id) a TikTok-driven order's click came from (decision 131). */
  tiktokCampaignId: string | null;
  /** Whether the GA4 tag saw the purchase (ad blockers, consent). */
  ga4Tracked: boolean;
  /** Shopify's Order.cartToken / checkoutToken (the demo shop uses one token for both). */
  cartToken: string;
  /** The buyer's session as our own tracker saw it (issue 16); null when it saw none. */
  site: DemoSiteVisit | null;
}

/**
 * The tracker's view of the session that led to an order. `cartAttribute`: the tracker wrote
 * `_upside_vid` into the cart (the order's customAttributes carry it); `sawCart`: the session got
 * the cart token back; `emailHash`: the shopper was signed in. `joinBy` is the planted truth: the
 * first fallback that can find this session, or null when none can.
 */
export interface DemoSiteVisit {
  sessionId: string;
  visitorId: string;
  startedAtMs: number;
  landingUrl: string;
  referrer: string;
  viewportWidth: number;
  cartAttribute: boolean;
  sawCart: boolean;
  emailHash: string | null;
  joinBy: DemoJoinMethod | null;
  /** The A/B variant of the storefront's hero test the visit landed in (DEMO_EXPERIMENT), or null. */
  heroVariant: 'control' | 'bold' | null;
  /**
   * The same visitor's earlier session, from the journey's first visit (its own channel, landing
   * page and UTM parameters), when the journey had more than one visit; it bought nothing, so no
   * order joins to it, but the attribution models see a two-touch path. Null for one-visit journeys.
   */
  firstVisit: { sessionId: string; startedAtMs: number; landingUrl: string; referrer: string } | null;
}

/** Compact, created-at-sorted index of all orders; `getOrder(i)` materialises one on demand. */
export interface OrderIndex {
  count: number;
  createdAtMs: Float64Array;
  updatedAtMs: Float64Array;
  customerIndex: Int32Array;
}

export interface InventoryHistory {
  /** First day of the series (shop time zone). */
  startDate: string;
  days: number;
  /** available units at the end of each day, per variant index: levels[v][d]. */
  levels: Int32Array[];
  /** Restock receipts: day and quantity. */
  restocks: { variantIndex: number; day: string; quantity: number }[];
}

/** GA4 fact cells: one per (day, source/medium, page, device, country) with sessions > 0. */
export interface Ga4Facts {
  sourceMedia: { source: string; medium: string; channelGroup: string }[];
  pages: { path: string; title: string }[];
  devices: string[];
  countries: string[];
  /**
   * sessionCampaignName values: the Meta campaigns' names (their utm_campaign) first, in campaign
   * order, then '(not set)', the Google Ads and Klaviyo campaign names, '(direct)', '(organic)' and
   * '(referral)' as GA4 names sessions without a campaign, then the TikTok campaigns' names
   * (tiktok / paid_social cells, decision 142).
   */
  campaigns: string[];
  /** Day numbers (see calendar.ts) per cell. */
  day: Int32Array;
  sourceMedium: Uint8Array;
  page: Uint8Array;
  device: Uint8Array;
  country: Uint8Array;
  /** Index into `campaigns`. */
  campaign: Uint8Array;
  sessions: Int32Array;
  engagedSessions: Int32Array;
  activeUsers: Int32Array;
  newUsers: Int32Array;
  screenPageViews: Int32Array;
  eventCount: Int32Array;
  userEngagementDuration: Float64Array;
  keyEvents: Int32Array;
  purchaseRevenueMinor: Float64Array;
  count: number;
}

/** The whole generated store. Orders are materialised lazily so the large preset stays small in memory. */
export interface DemoStore {
  config: StoreConfig;
  shop: DemoShop;
  locations: DemoLocation[];
  products: DemoProduct[];
  variants: DemoVariant[];
  customers: DemoCustomer[];
  orders: OrderIndex;
  /** Materialises order i (0-based, created-at order). Deterministic; cheap (no caching needed). */
  getOrder(index: number): DemoOrder;
  inventory: InventoryHistory;
  ga4: Ga4Facts;
  meta: {
    account: MetaAccount;
    campaigns: MetaCampaign[];
    daily: MetaDailyRow[];
    ads: MetaAd[];
    adDaily: MetaAdDailyRow[];
  };
  /** Planted profit facts (cost history, weights, shipping profiles, fees, expenses); per order: `orderProfit`. */
  profit: DemoProfitPlan;
  groundTruth: GroundTruth;
}
