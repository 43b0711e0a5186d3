import { z } from 'zod';
import { DayRangeQuerySchema, rangeWindowFields } from './date-range.ts';

/**
 * Campaign Performance (GET /api/campaigns?period=7|30|90): Meta campaigns over the period with the
 * platform's own figures beside store-verified revenue. Money is exact: integer minor units of the
 * named currency (spend and platform figures in the ad account's currency, store revenue in the
 * shop's); ratios (CTR, CPC, ROAS, match rate) are derived numbers.
 */

/** `from`/`to` (shop days) or the last 7, 30 or 90 complete days; `compare` (issue #36). */
export const CampaignPeriodQuerySchema = DayRangeQuerySchema;

export const CurrencySchema = z.object({ code: z.string(), digits: z.number().int().min(0) });
export type Currency = z.infer<typeof CurrencySchema>;

/** Design §6 labels, plus 'Cut' for an active campaign that returns less than it spends (ROAS < 1). */
export const CampaignLabelSchema = z.enum(['Scale up', 'Optimize', 'Attribution gap', 'Cut']);
export type CampaignLabel = z.infer<typeof CampaignLabelSchema>;

export const CampaignDaySchema = z.object({
  date: z.string(),
  spendMinor: z.number().int(),
  /** Store-verified revenue net of refunds (on their refund day), shop currency. */
  revenueMinor: z.number().int(),
});

export const CampaignOpportunityLinkSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  status: z.string(),
});

/**
 * Profit of the credited orders (issue #13, decision 025), beside the revenue figures: shop-currency
 * minor units; ratios null without spend or when the ad account bills in another currency.
 */
const ProfitFiguresShape = {
  /** Contribution before marketing of the credited orders (sales on the order day, refunds on theirs). */
  contributionMinor: z.number().int(),
  /** Contribution ÷ spend. */
  poas: z.number().nullable(),
  /**
   * Distinct customers of the credited orders, and those whose first order ever it was: Shopify
   * customer records, guest checkouts are not customers (decision 056).
   */
  customers: z.number().int(),
  newCustomers: z.number().int(),
  /** Spend ÷ customers, spend ÷ new customers (minor units of the shop currency). */
  cacMinor: z.number().int().nullable(),
  newCustomerCacMinor: z.number().int().nullable(),
  /** Cost coverage of the credited orders' units. */
  unitsSold: z.number().int(),
  unitsWithCost: z.number().int(),
};

/** One channel's profit over the period (every channel the attribution rule credits). */
export const ChannelProfitRowSchema = z.object({
  channel: z.string(),
  /** Ad spend we know of (Meta only); null for channels without tracked spend. */
  spendMinor: z.number().int().nullable(),
  netRevenueMinor: z.number().int(),
  verifiedOrders: z.number().int(),
  ...ProfitFiguresShape,
});
export type ChannelProfitRow = z.infer<typeof ChannelProfitRowSchema>;

const FiguresShape = {
  spendMinor: z.number().int(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** Clicks / impressions, percent; null without impressions. */
  ctr: z.number().nullable(),
  /** Spend / clicks in the account currency's major units; null without clicks. */
  cpc: z.number().nullable(),
  reportedPurchases: z.number().int(),
  reportedPurchaseValueMinor: z.number().int(),
  verifiedOrders: z.number().int(),
  /** Order totals of the credited orders placed in the period (comparable with the platform's claim). */
  verifiedRevenueMinor: z.number().int(),
  /** Refunds in the period on orders credited to the campaign. */
  refundsMinor: z.number().int(),
  netRevenueMinor: z.number().int(),
  /** Net verified revenue / spend; null without spend or when the currencies differ. */
  roas: z.number().nullable(),
  /** 100·min(platform, store)/max(platform, store) on the gross values; null when the currencies differ. */
  matchRate: z.number().nullable(),
  ...ProfitFiguresShape,
  /**
   * Issue 16: what our own tracker credits (last non-direct click over the visitor's first-party
   * sessions of joined orders, GET /api/attribution/first-party for the other models): orders and
   * their order totals, shop currency.
   */
  firstPartyOrders: z.number(),
  firstPartyRevenueMinor: z.number().int(),
  /**
   * GA4's purchase revenue (minor units of the shop currency, converted from the property currency
   * at each day's rate, decision 077; null when a day has no rate): per campaign, of the Meta channel's
   * sessions whose sessionCampaignName (utm_campaign) is the campaign's name or id; in the totals,
   * of every Meta-channel source/medium. null when GA4 is not connected (or its campaign report
   * not yet synced).
   */
  ga4ReportedRevenueMinor: z.number().int().nullable(),
};

export const CampaignRowSchema = z.object({
  campaignId: z.string(),
  name: z.string(),
  status: z.string().nullable(),
  objective: z.string().nullable(),
  ...FiguresShape,
  /** null when the campaign spent nothing in the period or ROAS cannot be computed. */
  label: CampaignLabelSchema.nullable(),
  daily: z.array(CampaignDaySchema),
  opportunities: z.array(CampaignOpportunityLinkSchema),
});
export type CampaignRow = z.infer<typeof CampaignRowSchema>;

export const CampaignPerformanceSchema = z.object({
  /** Meta credentials stored for the workspace. */
  connected: z.boolean(),
  /** Any Meta insights synced yet. */
  hasData: z.boolean(),
  period: z.number().int(),
  /** The window (shop days, inclusive) and its comparison (issue #36). */
  ...rangeWindowFields,
  /** Inclusive shop-local days of the period (it ends on the last day with synced orders). */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  shopCurrency: CurrencySchema.nullable(),
  accountCurrency: CurrencySchema.nullable(),
  /** Set when the ad account bills in another currency than the shop sells in. */
  currencyNote: z.string().nullable(),
  /** Set when GA4 reports in another currency than the shop's: converted by day, or not shown for want of a rate (decision 077). */
  ga4CurrencyNote: z.string().nullable(),
  /** How store revenue is credited to a campaign, in words (shown on the page). */
  attributionRule: z.string(),
  totals: z.object(FiguresShape),
  /** Meta-credited orders whose UTM campaign names no known campaign. */
  unmatched: z.object({ orders: z.number().int(), revenueMinor: z.number().int() }),
  campaigns: z.array(CampaignRowSchema),
  /** Profit per channel over the period (decision 025). */
  channels: z.array(ChannelProfitRowSchema),
  /** MER: all store revenue net of refunds ÷ all ad spend over the period; null without spend. */
  mer: z.number().nullable(),
  storeNetRevenueMinor: z.number().int(),
  /** How contribution, POAS, MER and CAC are computed, in words (shown on the page). */
  profitRule: z.string(),
});
export type CampaignPerformance = z.infer<typeof CampaignPerformanceSchema>;
