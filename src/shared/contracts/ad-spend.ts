import { z } from 'zod';
import { CurrencySchema, MoneySchema } from '../money.ts';
import { IMPORTED_SPEND_PLATFORMS, MANUAL_SPEND_PLATFORM } from './ad-spend-import.ts';

/**
 * GET /api/ad-spend (issue #39): every ad platform's spend over shop days, in the shop currency
 * (each day's spend converted at that day's rate, decision 104) and in the ad account's own; the
 * range is the shared input (DayRangeQuerySchema: `from`/`to` or `period`, issue #36).
 */
export const AD_SPEND_PLATFORMS = [
  'meta',
  'google_ads',
  'tiktok_ads',
  // imported (CSV, published sheet) and manual cost lines (issue #39 step 4, decision 105)
  ...IMPORTED_SPEND_PLATFORMS,
  MANUAL_SPEND_PLATFORM,
] as const;

export const AdSpendCampaignSchema = z.object({
  campaignId: z.string(),
  name: z.string(),
  /** search, shopping, performance_max, video… (Google); null when the platform gives none */
  type: z.string().nullable(),
  spend: MoneySchema,
  spendInAccountCurrency: MoneySchema,
  impressions: z.number(),
  clicks: z.number(),
  /** Conversions and their value as the platform reports them (value in the shop currency). */
  platformConversions: z.number(),
  platformConversionValue: MoneySchema,
  /** The campaign's landing-URL utm_campaign, when the platform reports one. */
  utmCampaign: z.string().nullable(),
  /**
   * Store-verified, beside the platform's own figures (decision 131): the range's valid orders whose
   * landing utm_campaign is the campaign's (its name when the platform reports no UTM, as TikTok),
   * and their revenue in the shop currency — /campaigns' store-verified columns, from the same reader.
   */
  storeVerifiedOrders: z.number().int().nonnegative(),
  storeVerifiedRevenue: MoneySchema,
  /** storeVerifiedRevenue ÷ spend; null without spend. */
  storeRoas: z.number().nullable(),
});

export const AdSpendPlatformSchema = z.object({
  platform: z.enum(AD_SPEND_PLATFORMS),
  /** Shop currency. */
  spend: MoneySchema,
  spendInAccountCurrency: MoneySchema,
  /**
   * The currency of the platform's rows. Imported rows and manual lines of one platform in several
   * currencies have no one account currency: the shop currency is given, and spendInAccountCurrency
   * equals spend.
   */
  accountCurrency: CurrencySchema,
  /**
   * The rates used: shop-currency units per account-currency unit, per run of days at one rate
   * (the publication day of the rate). Empty when the account bills in the shop currency.
   */
  rates: z.array(z.object({ from: z.string(), to: z.string(), rate: z.string(), rateDate: z.string() })),
  /** Days of the range whose spend has no rate yet (their spend is left out of `spend`, never shown unconverted). */
  daysWithoutRate: z.number(),
  /** The campaigns' platform-reported conversion value, and their store-verified orders and revenue, summed. */
  platformConversionValue: MoneySchema,
  storeVerifiedOrders: z.number().int().nonnegative(),
  storeVerifiedRevenue: MoneySchema,
  campaigns: z.array(AdSpendCampaignSchema),
});

export const AdSpendResponseSchema = z.object({
  /** Shop currency; null (and no platforms) before a store is synced. */
  currency: CurrencySchema.nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Sum of every platform's `spend`: the marketing line of /api/profit over the same days. */
  total: MoneySchema,
  platforms: z.array(AdSpendPlatformSchema),
});
export type AdSpendResponse = z.infer<typeof AdSpendResponseSchema>;
export type AdSpendPlatform = z.infer<typeof AdSpendPlatformSchema>;
