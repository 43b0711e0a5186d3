import { z } from 'zod';
import { CurrencySchema, MoneySchema } from '../money.ts';
import { dayRangeQueryFields, refineDayRangeQuery } from './date-range.ts';
import { ProfitDaySchema } from './profit.ts';

/**
 * GET /api/creatives (issue #44, decisions 121–122): every synced ad with its creative, the
 * platform's figures beside the store-verified ones, and its fatigue verdict. The answer is the
 * issue's array; the window and currencies travel in each row (`from`, `to`, `currency`,
 * `spendCurrency`) and in the `x-upside-from` / `x-upside-to` headers. Money is decimal text:
 * spend and CPA in `spendCurrency` — Meta's ad account currency; the shop's for Google Ads and
 * TikTok, converted at the spend day's rate (decision 130) — verified revenue and contribution in
 * the shop's (`currency`). Ratios are plain numbers (percentages 0–100).
 */

export const CREATIVE_PLATFORMS = ['meta', 'google_ads', 'tiktok_ads'] as const;
export type CreativePlatform = (typeof CREATIVE_PLATFORMS)[number];
/** text: a search ad's words only (decision 130). */
export const CREATIVE_FORMATS = ['video', 'image', 'text'] as const;

const { compare: _compare, ...rangeFields } = dayRangeQueryFields;
export const CreativesQuerySchema = z
  .object({ ...rangeFields, platform: z.enum(CREATIVE_PLATFORMS).optional() })
  .superRefine(refineDayRangeQuery);
export type CreativesQuery = z.infer<typeof CreativesQuerySchema>;

export const FATIGUE_STATES = ['wearing_out', 'healthy', 'insufficient_data'] as const;

export const FatigueSchema = z.object({
  state: z.enum(FATIGUE_STATES),
  /** The shop day the rule first flagged the current episode (wearing_out only). */
  since: ProfitDaySchema.optional(),
  /** The figures behind the verdict, or what is missing to judge. */
  reason: z.string().optional(),
});

export const CreativeRowSchema = z.object({
  adId: z.string(),
  platform: z.enum(CREATIVE_PLATFORMS),
  /** The campaign's name (its id when unknown). */
  campaign: z.string(),
  campaignId: z.string().nullable(),
  name: z.string(),
  /** video, image or text (a search ad); null when the creative was deleted upstream. */
  format: z.enum(CREATIVE_FORMATS).nullable(),
  creativeDeleted: z.boolean(),
  title: z.string().nullable(),
  /** https: or data:image/ only; null when the platform has none (the page shows a placeholder). */
  thumbnailUrl: z.string().nullable(),
  from: ProfitDaySchema,
  to: ProfitDaySchema,
  currency: CurrencySchema,
  spendCurrency: CurrencySchema,
  spend: MoneySchema,
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** Clicks ÷ impressions, percent; null without impressions. */
  ctr: z.number().nullable(),
  /**
   * Video plays ÷ impressions, percent (Meta: 3-second plays; TikTok: 2-second; Google: TrueView
   * views); null for an image or text ad or without impressions.
   */
  hookRate: z.number().nullable(),
  /** Spend ÷ store-verified orders; null without orders or when the currencies differ. */
  cpa: MoneySchema.nullable(),
  /** The platform's own claim: reported purchase value ÷ spend; null without spend. */
  platformRoas: z.number().nullable(),
  platformPurchases: z.number().int(),
  verifiedOrders: z.number().int(),
  /** Order totals of the orders credited to the ad (placed in the window), shop currency. */
  verifiedRevenue: MoneySchema,
  /** Contribution before marketing of those orders (refunds on their day); null without cost visibility. */
  contribution: MoneySchema.nullable(),
  fatigue: FatigueSchema,
});
export type CreativeRow = z.infer<typeof CreativeRowSchema>;

export const CreativesSchema = z.array(CreativeRowSchema);

/** GET /api/creatives/:adId/daily: one ad's days (for comparing two creatives over time). */
export const CreativeDailyParamsSchema = z.object({ adId: z.string().regex(/^[\w-]{1,64}$/) });
/** `platform` says whose ad the id is (ids of two platforms may collide); Meta when absent. */
export const CreativeDailyQuerySchema = z
  .object({ ...rangeFields, platform: z.enum(CREATIVE_PLATFORMS).optional() })
  .superRefine(refineDayRangeQuery);

export const CreativeDaySchema = z.object({
  date: ProfitDaySchema,
  spend: MoneySchema,
  impressions: z.number().int(),
  clicks: z.number().int(),
  ctr: z.number().nullable(),
  /** Frequency that day (impressions ÷ reach); null without reach. */
  frequency: z.number().nullable(),
  verifiedOrders: z.number().int(),
  cpa: MoneySchema.nullable(),
});

export const CreativeDailySchema = z.object({
  adId: z.string(),
  platform: z.enum(CREATIVE_PLATFORMS),
  name: z.string(),
  from: ProfitDaySchema.nullable(),
  to: ProfitDaySchema.nullable(),
  spendCurrency: CurrencySchema.nullable(),
  days: z.array(CreativeDaySchema),
});
export type CreativeDaily = z.infer<typeof CreativeDailySchema>;
