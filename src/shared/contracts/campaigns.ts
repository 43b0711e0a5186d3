import { z } from 'zod';
import { MoneySchema } from '../money.ts';
import { AdSpendPlatformSchema } from './ad-spend.ts';
import { DayRangeQuerySchema, rangeWindowFields } from './date-range.ts';

/**
 * Campaign Performance (GET /api/campaigns?period=7|30|90): Meta campaigns over the period with the
 * platform's own figures beside store-verified revenue. Money is exact: `MoneySchema` decimal strings
 * in major units of the named currency (decision 146; spend and platform figures in the ad account's
 * currency, store revenue in the shop's); ratios (CTR, CPC, ROAS, match rate) are derived numbers.
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
  /** The ad account's currency. */
  spend: MoneySchema,
  /** Store-verified revenue net of refunds (on their refund day), shop currency. */
  revenue: MoneySchema,
});

export const CampaignOpportunityLinkSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  status: z.string(),
});

/**
 * Profit of the credited orders (issue #13, decision 025), beside the revenue figures: shop-currency
 * amounts; ratios and CAC null without spend or when the ad account bills in another currency.
 */
const ProfitFiguresShape = {
  /** Contribution before marketing of the credited orders (sales on the order day, refunds on theirs). */
  contribution: MoneySchema,
  /** Contribution ÷ spend. */
  poas: z.number().nullable(),
  /**
   * Distinct customers of the credited orders, and those whose first order ever it was: Shopify
   * customer records, guest checkouts are not customers (decision 056).
   */
  customers: z.number().int(),
  newCustomers: z.number().int(),
  /** Spend ÷ customers, spend ÷ new customers (shop currency, rounded to its minor unit). */
  cac: MoneySchema.nullable(),
  newCustomerCac: MoneySchema.nullable(),
  /** Cost coverage of the credited orders' units. */
  unitsSold: z.number().int(),
  unitsWithCost: z.number().int(),
};

/** One channel's profit over the period (every channel the attribution rule credits). */
export const ChannelProfitRowSchema = z.object({
  channel: z.string(),
  /** The channel's own ad platform's spend (Meta, Google Ads, TikTok); null for channels without one. */
  spend: MoneySchema.nullable(),
  netRevenue: MoneySchema,
  verifiedOrders: z.number().int(),
  ...ProfitFiguresShape,
});
export type ChannelProfitRow = z.infer<typeof ChannelProfitRowSchema>;
/** The profit figures every row of the page carries (a campaign, a channel or the totals). */
export type CampaignProfitFigures = Pick<
  ChannelProfitRow,
  | 'contribution'
  | 'poas'
  | 'customers'
  | 'newCustomers'
  | 'cac'
  | 'newCustomerCac'
  | 'unitsSold'
  | 'unitsWithCost'
>;

const FiguresShape = {
  /** The ad account's currency. */
  spend: MoneySchema,
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** Clicks / impressions, percent; null without impressions. */
  ctr: z.number().nullable(),
  /** Spend / clicks in the account currency's major units; null without clicks. */
  cpc: MoneySchema.nullable(),
  reportedPurchases: z.number().int(),
  /** What the platform claims, the ad account's currency. */
  reportedPurchaseValue: MoneySchema,
  verifiedOrders: z.number().int(),
  /** Order totals of the credited orders placed in the period (comparable with the platform's claim). */
  verifiedRevenue: MoneySchema,
  /** Refunds in the period on orders credited to the campaign. */
  refunds: MoneySchema,
  netRevenue: MoneySchema,
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
  firstPartyRevenue: MoneySchema,
  /**
   * GA4's purchase revenue (shop currency, converted from the property currency
   * at each day's rate, decision 077; null when a day has no rate): per campaign, of the Meta channel's
   * sessions whose sessionCampaignName (utm_campaign) is the campaign's name or id; in the totals,
   * of every Meta-channel source/medium. null when GA4 is not connected (or its campaign report
   * not yet synced).
   */
  ga4ReportedRevenue: MoneySchema.nullable(),
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

/**
 * One campaign of any ad platform (issue #39): the platform's own figures beside the store's.
 * Money is `MoneySchema` in the shop currency (a foreign-currency account converted at each day's
 * rate; `spendInAccountCurrency` as billed), GET /api/ad-spend's own strings (decision 146).
 */
export const PlatformCampaignSchema = z.object({
  campaignId: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  spend: MoneySchema,
  spendInAccountCurrency: MoneySchema,
  impressions: z.number(),
  clicks: z.number(),
  /** Platform-reported: the conversions and value the platform claims; ROAS = value / spend. */
  platformConversions: z.number(),
  platformConversionValue: MoneySchema,
  platformRoas: z.number().nullable(),
  /** Store-verified: orders of the period whose utm_campaign is the campaign's (its UTM, else its name or id). */
  storeVerifiedOrders: z.number().int(),
  storeVerifiedRevenue: MoneySchema,
  storeRoas: z.number().nullable(),
  /** First-party: the tracker's last non-direct click credit to the same utm_campaign. */
  firstPartyOrders: z.number().int(),
  firstPartyRevenue: MoneySchema,
  /**
   * Matched by click id (decision 120): the period's orders joined to a tracker session whose
   * landing URL's click id the platform names as this campaign's (Google's click_view for a gclid).
   */
  clickIdOrders: z.number().int(),
  clickIdRevenue: MoneySchema,
  /**
   * No order ever carried the campaign's utm_campaign (issue #39 step 6) and none was ever matched
   * to it by click id: nothing links it to the store's sales.
   */
  utmNeverMatched: z.boolean(),
  /**
   * The campaign's open (or implemented) opportunities of the latest analysis (decision 128: the
   * campaign detectors read every platform); a Meta campaign's are also on its Meta row.
   */
  opportunities: z.array(CampaignOpportunityLinkSchema),
});

export const AdPlatformCampaignsSchema = z.object({
  /** meta, google_ads, tiktok_ads or an imported platform's own name. */
  platform: z.string(),
  accountCurrency: z.string(),
  spend: MoneySchema,
  spendInAccountCurrency: MoneySchema,
  /** Shop-currency units per account-currency unit per run of days (empty: the shop's currency). */
  rates: AdSpendPlatformSchema.shape.rates,
  daysWithoutRate: z.number().int(),
  platformConversionValue: MoneySchema,
  platformRoas: z.number().nullable(),
  campaigns: z.array(PlatformCampaignSchema),
});
export type AdPlatformCampaigns = z.infer<typeof AdPlatformCampaignsSchema>;

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
  unmatched: z.object({ orders: z.number().int(), revenue: MoneySchema }),
  campaigns: z.array(CampaignRowSchema),
  /** Profit per channel over the period (decision 025). */
  channels: z.array(ChannelProfitRowSchema),
  /** Every ad platform's campaigns over the period (issue #39), the same figures as GET /api/ad-spend. */
  adPlatforms: z.array(AdPlatformCampaignsSchema),
  /** Every platform's spend over the period (shop currency): /api/ad-spend's `total`, MER's divisor. */
  adSpendTotal: MoneySchema,
  /** MER: all store revenue net of refunds ÷ all ad spend over the period; null without spend. */
  mer: z.number().nullable(),
  storeNetRevenue: MoneySchema,
  /** How contribution, POAS, MER and CAC are computed, in words (shown on the page). */
  profitRule: z.string(),
});
export type CampaignPerformance = z.infer<typeof CampaignPerformanceSchema>;
