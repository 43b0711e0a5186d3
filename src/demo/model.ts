/**
 * The demo store's data model: what the generator produces, what the emulators serve and what the
 * ground truth describes. Money is integer minor units of the named currency (`*Minor`); instants
 * are UTC epoch milliseconds (`*Ms`); days are 'YYYY-MM-DD' in the shop's time zone.
 * Documented for other teams in src/demo/README.md.
 */
import type { DemoProfitPlan, ProfitTruth } from './profit/model.ts';

/**
 * `causal` is the small store with ad-driven acquisition on top (decision 136): every paid channel's
 * spend follows planned flights and causes orders through a planted adstock and saturation, and a
 * geo test lifts some shipping regions' orders by a known share.
 */
export type PresetName = 'small' | 'medium' | 'large' | 'custom' | 'causal';

/** Channel that brought a visit (and the order that followed it). */
export type DemoChannel =
  | 'meta_ads'
  | 'google_ads'
  | 'google_organic'
  | 'email'
  | 'direct'
  | 'referral'
  | 'tiktok_ads';

/**
 * Every channel an order can come from. TikTok comes last: customers' and guests' orders draw
 * their channel from the first six (generator/context.ts), TikTok's orders are planted apart from
 * the TikTok account's spend (generator/plan-tiktok-orders.ts, decision 131).
 */
export const DEMO_CHANNELS: readonly DemoChannel[] = [
  'meta_ads',
  'google_ads',
  'google_organic',
  'email',
  'direct',
  'referral',
  'tiktok_ads',
];

/** BG/NBD purchase-process parameters; time unit: weeks. */
export interface BgNbdParams {
  r: number;
  alpha: number;
  a: number;
  b: number;
}

/** Gamma-Gamma spend parameters (p, q, gamma) in shop-currency major units per order. */
export interface GammaGammaParams {
  p: number;
  q: number;
  gamma: number;
}

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

/** How a first-party session can be joined to its order, in the join's order of preference. */
export type DemoJoinMethod = 'visitor_id' | 'checkout_token' | 'landing_utm' | 'email_hash';

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

export interface MetaCampaign {
  index: number;
  id: string;
  name: string;
  status: 'ACTIVE' | 'PAUSED';
  objective: string;
  dailyBudgetMinor: number;
  startDay: string;
  /** Last day with delivery (PAUSED campaigns stopped then). */
  stopDay: string | null;
  landingPath: string;
  /** Product the campaign advertises, when it advertises one. */
  productIndex: number | null;
  createdAtMs: number;
}

export interface MetaDailyRow {
  campaignIndex: number;
  day: string;
  spendMinor: number;
  impressions: number;
  reach: number;
  clicks: number;
  /** Purchases Meta reports (click- and view-through, duplicates): ≥ verified. */
  reportedPurchases: number;
  reportedPurchaseValueMinor: number;
  /** Store-verified orders whose last visit came from this campaign. */
  verifiedOrders: number;
  verifiedRevenueMinor: number;
}

/** One ad's creative as Meta serves it (issue #44); null on an ad whose creative was deleted upstream. */
export interface MetaCreative {
  id: string;
  name: string;
  title: string;
  body: string;
  callToActionType: string;
  /** A data: URI in the demo (decision 121); null for a creative Meta has no thumbnail for. */
  thumbnailUrl: string | null;
  imageUrl: string | null;
  videoId: string | null;
}

/** One ad of a Meta campaign (one ad set per campaign); `share` is its planned share of the spend. */
export interface MetaAd {
  index: number;
  id: string;
  campaignIndex: number;
  adsetId: string;
  name: string;
  format: 'image' | 'video';
  share: number;
  createdAtMs: number;
  creative: MetaCreative | null;
}

/** One ad's day: the campaign's day split among its ads (spend to the cent, decision 121). */
export interface MetaAdDailyRow {
  adIndex: number;
  campaignIndex: number;
  day: string;
  spendMinor: number;
  impressions: number;
  reach: number;
  clicks: number;
  reportedPurchases: number;
  reportedPurchaseValueMinor: number;
  /** Video ads only (0 for images): plays of at least 3 seconds, and thruplays. */
  videoPlays3s: number;
  thruplays: number;
}

/** The planted creative fatigue (issue #44): from `onsetDate` on, frequency up, CTR and conversion rate down. */
export interface CreativeTruth {
  ads: number;
  fatiguing: { adId: string; name: string; campaignId: string; onsetDate: string };
  /** Ads served without a creative (deleted upstream) or without a thumbnail. */
  deletedCreativeAdIds: string[];
  noThumbnailAdIds: string[];
  note: string;
}

export interface MetaAccount {
  adAccountId: string;
  name: string;
  currency: string;
  timezoneName: string;
  userId: string;
  userName: string;
  pages: { id: string; name: string; category: string; accessToken: string }[];
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

export interface PlantedStockout {
  productIndex: number;
  productTitle: string;
  variantIndex: number;
  variantId: string;
  sku: string;
  startDate: string;
  /** Last out-of-stock day; null = still out of stock on the end date. */
  endDate: string | null;
  /** Units shoppers wanted over the window: one realised draw of the demand (its own ±20–35 % noise). */
  lostUnits: number;
  /** lostUnits × list price. */
  lostRevenueMinor: number;
  /**
   * Units the generating process expects shoppers to want over the window (rounded to 0.01): the
   * sum of its own purchase intensities and basket probabilities over the window days, given each
   * customer's arrival, purchase rate and drop-out; the realised lostUnits is one draw around it.
   * An estimator can aim at this, not at the draw (decision 008).
   */
  expectedLostUnits: number;
  /** Expected lost units (unrounded) × list price, rounded to whole minor units. */
  expectedLostRevenueMinor: number;
  /** Orders that did not happen at all because every wanted item was out of stock. */
  lostOrders: number;
  currency: string;
}

export interface ChannelTruth {
  channel: DemoChannel;
  orders: number;
  /** Σ totalPrice (shop money) of non-test, non-cancelled orders last-touched by the channel. */
  revenueMinor: number;
  /** Same after refunds. */
  netRevenueMinor: number;
  /** Orders whose first visit came from the channel. */
  firstTouchOrders: number;
}

export interface CampaignTruth {
  campaignIndex: number;
  id: string;
  name: string;
  status: 'ACTIVE' | 'PAUSED';
  role: 'high_roas' | 'wasteful' | 'out_of_stock_traffic' | 'regular';
  spendMinor: number;
  verifiedOrders: number;
  verifiedRevenueMinor: number;
  reportedPurchases: number;
  /** verifiedRevenue / spend. */
  trueRoas: number;
  productIndex: number | null;
}

export interface GroundTruth {
  seed: number;
  preset: PresetName;
  startDate: string;
  endDate: string;
  shopCurrency: string;
  timeZone: string;
  customers: number;
  orders: number;
  testOrders: number;
  guestOrders: number;
  cancelledOrders: number;
  bgnbd: BgNbdParams & { timeUnit: 'weeks'; note: string };
  gammaGamma: GammaGammaParams & {
    /** Population mean basket p·γ/(q − 1) of the model, and the realised mean over customer orders. */
    modelMeanBasket: number;
    realizedMeanBasket: number;
    note: string;
  };
  stockouts: PlantedStockout[];
  channels: ChannelTruth[];
  campaigns: CampaignTruth[];
  plantedCampaigns: {
    highRoas: { id: string; name: string };
    wasteful: { id: string; name: string };
    outOfStockTraffic: { id: string; name: string; productIndex: number; productTitle: string };
  };
  closedDays: string[];
  holidayPeaks: { name: string; startDate: string; endDate: string; multiplier: number }[];
  ga4: { sessions: number; purchases: number; storeOrders: number; trackedShare: number };
  creatives: CreativeTruth;
  /** Every P&L line of decision 010 per shop day and in total (src/demo/profit/truth.ts). */
  profit: ProfitTruth;
  /**
   * First-party journeys (issue 16) over revenue orders (not test, not cancelled): how many have a
   * tracker session that one of the join's fallbacks can find, and by which first.
   */
  firstParty: {
    orders: number;
    joinableOrders: number;
    joinableShare: number;
    byMethod: Record<DemoJoinMethod, number>;
    note: string;
  };
  /** Product pairs planted in the baskets (issue #44, decision 123, generator/plant-pairs.ts). */
  baskets: { pairs: PlantedPairTruth[]; note: string };
  /** Orders planted from the TikTok account's clicks (issue #39, decision 131). */
  tiktokOrders: TikTokOrdersTruth;
  /** The `causal` preset only (decision 136): what each paid channel's spend causes. */
  mmm?: MmmTruth;
  /** The `causal` preset only (decision 136): the planted geo test. */
  geoLift?: GeoLiftTruth;
}

/** One paid channel's planted response: incremental orders per day = effect × Hill(adstock(spend)). */
export interface MmmChannelTruth {
  /** As the Measurement page names it: Meta, Google Ads, TikTok Ads. */
  name: string;
  /** Geometric adstock over shop days: a(t) = Σ decay^l · spend(t − l) / Σ decay^l (l < maxLag). */
  adstock: { kind: 'geometric'; decay: number; decayPerWeek: number; maxLag: number };
  /** Hill curve of the adstocked daily spend (shop-currency major units a day). */
  saturation: { kind: 'hill'; halfSaturation: number; shape: number };
  /** Expected incremental orders a day at full saturation. */
  effect: number;
  spendMinor: number;
  /** Revenue orders (not test, not cancelled) the spend caused, and their net sales (gross − discounts − returns). */
  orders: number;
  netSalesMinor: number;
  /** netSales / spend over the window: the true incremental ROAS on the model's target. */
  roas: number;
  /** This channel's share of every channel's incremental net sales. */
  contributionShare: number;
}

export interface MmmTruth {
  channels: MmmChannelTruth[];
  /** Net sales of every revenue order over the window (baseline + incremental), shop minor units. */
  netSalesMinor: number;
  note: string;
}

/** A planted geo holdout: the test regions' orders grow by `lift` over the window, the controls' do not. */
export interface GeoLiftTruth {
  /** Regions are shipping countries (ISO 3166 codes): the demo's shoppers have one region per country. */
  testRegions: string[];
  controlRegions: string[];
  start: string;
  end: string;
  /** The planted lift: each test region's revenue orders of a window day gain Poisson(lift × that day's orders). */
  lift: number;
  /** Revenue orders shipped to the test regions over the window, before and from the planting. */
  baselineOrders: number;
  plantedOrders: number;
  plantedNetSalesMinor: number;
  /** plantedOrders / baselineOrders: the lift realised on this store. */
  realisedLift: number;
  note: string;
}

/** One demo TikTok campaign's planted orders: revenue orders (not test, not cancelled). */
export interface TikTokCampaignOrders {
  campaignId: string;
  name: string;
  /** The landing URL's utm_campaign (TikTok's __CAMPAIGN_NAME__ macro: the campaign's name). */
  utmCampaign: string;
  orders: number;
  /** Σ totalPrice in shop money, before refunds. */
  revenueMinor: number;
  /** Orders whose ttclid-carrying tracker session a first-party join can find (site.joinBy set). */
  ttclidJoinableOrders: number;
}

export interface TikTokOrdersTruth {
  orders: number;
  revenueMinor: number;
  campaigns: TikTokCampaignOrders[];
  note: string;
}

/** A planted pair: B joins an order holding A with `probability`; `lift` is the planted (expected) lift. */
export interface PlantedPairTruth {
  a: { productId: string; legacyId: number; title: string };
  b: { productId: string; legacyId: number; title: string };
  probability: number;
  lift: number;
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
