import type { DailyForecast } from '../forecast/forecast-daily-series.ts';
import type { CustomerLedger } from '../ledger/to-customer-ledger.ts';
import type { CampaignPerformance } from '../opportunities/detect-campaign-opportunities.ts';
import type { OpportunityCandidate } from '../opportunities/types.ts';
import type { RfmCustomer, RfmSegment } from '../rfm/compute-rfm.ts';
import type { StockoutLoss } from '../stockout/estimate-stockout-loss.ts';
import type { InventorySnapshot } from '../types.ts';

/**
 * The warehouse facts one analysis run reads, as plain objects in the shop currency's major units
 * and shop-local days. Built from the warehouse by `loadAnalysisFacts` (server) and, in tests,
 * from a generated store, so the pipeline never knows where its facts came from.
 */
export interface AnalysisFacts {
  currency: string;
  /** Last day of data; the run analyses up to and including it. */
  asOf: string;
  /**
   * Non-test, non-cancelled orders up to asOf, grouped by shop-local day and journey: every day of
   * the history (revenue history, attribution, campaigns, insights). Groups, not orders: a million
   * orders fall into about a hundred thousand groups, summed by the database (decision 083).
   */
  orderDays: OrderDayGroup[];
  /**
   * The same orders' customer, day and gross total, grouped by customer: the ledger RFM, the
   * lifetime models, cohorts and the second-order measures read (guest orders left out).
   */
  customerOrders: CustomerLedger;
  /**
   * Orders that landed on a product page, per journey and product handle, over the whole history:
   * what decides the product a campaign advertises. Journeys that name no campaign may be left out.
   */
  productLandings: ProductLandingGroup[];
  /** Each order of the last `RECENT_ORDER_DAYS` days up to asOf with its subtotal and shipping. */
  recentOrders: RecentOrder[];
  /**
   * Refunds by shop-local refund day, with the channel and campaign their order is credited to
   * (core creditOrder, decision 011), so credited revenue can be net of refunds.
   */
  refunds: { date: string; amount: number; channel: string; campaign: string | null }[];
  /** Units and revenue per variant and day (line items after discounts). */
  variantSales: { variantId: string; date: string; units: number; revenue: number }[];
  variants: {
    variantId: string;
    productId: string;
    title: string;
    productTitle: string;
    handle: string | null;
  }[];
  /** Available units per variant and day, summed over locations (real snapshots only). */
  inventory: InventorySnapshot[];
  /** Lead times the owner set, per product (decision 112); a product without one takes the default. */
  leadTimes?: { productId: string; days: number }[];
  /**
   * Every ad platform's campaigns (decision 128): Meta's, and Google Ads', TikTok's and the imported
   * platforms' from the one ad-spend reader, each with its final URL's utm_campaign (null for Meta).
   * `status` is 'ACTIVE' for a delivering campaign whatever the platform spells it.
   */
  adCampaigns: {
    platform: string;
    campaignId: string;
    name: string;
    status: string | null;
    utmCampaign: string | null;
  }[];
  /** The same campaigns' days: spend and the platform's claimed value, in the shop currency. */
  adDaily: { platform: string; date: string; campaignId: string; spend: number; reportedValue: number }[];
  /**
   * Orders whose landing session's click id the platform named as one of its campaigns (Google's
   * click_view for a gclid, decision 120), per day, campaign, journey and landing product: a click
   * outranks the utm_campaign in the campaign-level credit. Empty when the store has no tracker.
   */
  adClickOrders: AdClickOrderGroup[];
  /** GA4 revenue by day and source/medium, in the shop currency; null on a day with no exchange rate (decision 081). */
  ga4Daily: { date: string; source: string; medium: string; revenue: number | null }[];
  /** Days the owner confirmed the shop is closed (forecast closed, left out of the fit); none when absent. */
  confirmedClosures?: string[];
}

/** What decides an order's credit (core creditOrder through `touchesOf`). */
export interface OrderJourney {
  /** Last-visit channel (see `channelOf`) and the first visit's, when the journey is known. */
  lastChannel: string | null;
  firstChannel: string | null;
  /** utm_campaign of the last visit and of the first visit. */
  utmCampaign: string | null;
  firstCampaign: string | null;
}

/** One order as a store's history lists it; `groupOrderFacts` turns a list of them into facts. */
export interface AnalysisOrder extends OrderJourney {
  customerId: string | null;
  date: string;
  /** Gross order total (tax and shipping included, before refunds). */
  total: number;
  subtotal: number;
  shipping: number;
  /** Product handle of a `/products/<handle>` landing page, if any. */
  landingHandle: string | null;
}

/** The orders of one day that share a journey: how many, and their gross total. */
export interface OrderDayGroup extends OrderJourney {
  date: string;
  orders: number;
  total: number;
}

/** The orders of one journey that landed on one product page (all days). */
export interface ProductLandingGroup extends OrderJourney {
  landingHandle: string;
  orders: number;
}

/** Orders of one day and journey whose click id a platform named as one of its campaigns. */
export interface AdClickOrderGroup extends OrderJourney {
  platform: string;
  campaignId: string;
  date: string;
  orders: number;
  total: number;
  /** Product handle of the orders' `/products/<handle>` landing page, if any. */
  landingHandle: string | null;
}

/** A recent order's subtotal and the shipping its customer paid (the free-shipping detector). */
export interface RecentOrder {
  date: string;
  subtotal: number;
  shipping: number;
}

/** A customer's lifetime-model scores; null when the models were not fitted (too little data). */
export interface LifetimeScores {
  probabilityAlive: number | null;
  expectedOrders12m: number | null;
  clv12m: number | null;
}

/**
 * The customer snapshot row — declared once: the RFM scores (core/rfm) and the lifetime-model
 * scores. The worker wire schema, the warehouse table and the Customers contract follow it.
 */
export type CustomerSnapshotRow = RfmCustomer & LifetimeScores;

/** An RFM segment with its members' average model scores. */
export interface SegmentSnapshotRow extends RfmSegment {
  /** Display order (the preset's segment order). */
  position: number;
  averageProbabilityAlive: number | null;
  averageClv: number | null;
}

/** One channel of the last 30 days: store-attributed revenue against what its platform claims. */
export interface AttributionRow {
  channel: string;
  matchRate: number;
  revenue: number;
  platformRevenue: number | null;
  spend: number | null;
  roas: number | null;
  opportunity: string;
}

/** A variant on the stock list: out of stock, short of cover, or with a recent stock-out loss. */
export interface StockRow {
  productId: string;
  product: string;
  status: string;
  /** The lead time the row was classified with: the product's, else the default (decision 112). */
  leadTimeDays: number;
  available: number;
  dailyDemand: number | null;
  daysOfCover: number | null;
  outOfStockDays: number;
  lostUnits: number;
  estimatedLoss: number;
  baselineHadStockouts: boolean;
}

/** Everything one analysis run computes: what the dashboards read and the opportunity candidates. */
export interface AnalysisSnapshot {
  asOf: string;
  currency: string;
  segments: SegmentSnapshotRow[];
  customers: CustomerSnapshotRow[];
  cohortPoints: { week: number; retentionRate: number; cohorts: number; customers: number }[];
  forecast: DailyForecast | null;
  history: { date: string; value: number }[];
  attribution: AttributionRow[];
  stock: StockRow[];
  /** Every stock-out period found in the history with its loss (diagnostics and tests). */
  stockouts: StockoutLoss[];
  campaigns: CampaignPerformance[];
  candidates: OpportunityCandidate[];
  metrics: Map<string, number>;
  diagnostics: Record<string, unknown>;
  forecastAccuracy: Record<string, unknown> | null;
}
