import { z } from 'zod';
import { MoneySchema } from '../money.ts';
import { rangeWindowFields } from './date-range.ts';

/** Meta endpoints (spec §3, §7). Responses never contain tokens or secrets. */

export const MetaConnectionTestSchema = z.object({
  isValid: z.boolean(),
  tokenValid: z.boolean(),
  hasAdsRead: z.boolean(),
  error: z.string().nullable(),
  /** Meta error code behind `error` (190 invalid token, 200 missing permission, …) */
  errorCode: z.number().nullable(),
  user: z.object({ id: z.string(), name: z.string() }).nullable(),
  adAccount: z
    .object({ id: z.string(), name: z.string().nullable(), currency: z.string().nullable() })
    .nullable(),
});
export type MetaConnectionTest = z.infer<typeof MetaConnectionTestSchema>;

/** GET /api/meta/debug-temp: the UI reads connectionTest.isValid (design §5). */
export const MetaDebugSchema = z.object({
  connected: z.boolean(),
  adAccountId: z.string().nullable(),
  connectionTest: MetaConnectionTestSchema,
});
export type MetaDebug = z.infer<typeof MetaDebugSchema>;

export const MetaSpendingSchema = z.object({
  /** Exact decimal strings in `currency` (decision 146), as every amount here. */
  totalSpending: MoneySchema,
  currency: z.string(),
  period: z.string(),
  campaignCount: z.number().int(),
  /** Each ad platform's spend of the month (issue #39): `totalSpending` is their sum. */
  platforms: z.array(z.object({ platform: z.string(), spend: MoneySchema, campaignCount: z.number().int() })),
  campaigns: z.array(
    z.object({ name: z.string(), spend: MoneySchema, status: z.string(), platform: z.string() }),
  ),
});
export type MetaSpending = z.infer<typeof MetaSpendingSchema>;

export const MetaDataTestSchema = z.object({
  error: z.string().nullable(),
  summary: z.object({
    hasUserAccess: z.boolean(),
    hasPageAccess: z.boolean(),
    hasInsightAccess: z.boolean(),
    hasAdAccess: z.boolean(),
    adError: z.object({ error: z.object({ message: z.string(), code: z.number().nullable() }) }).nullable(),
  }),
  availableData: z.object({
    user: z.object({ name: z.string(), id: z.string() }).nullable(),
    pages: z.array(z.object({ name: z.string(), id: z.string(), category: z.string().nullable() })),
    insights: z.unknown(),
  }),
});
export type MetaDataTest = z.infer<typeof MetaDataTestSchema>;

/**
 * Summary shown on the Analytics Dashboard's Meta tab (by campaign, over the asked window). Amounts
 * are `MoneySchema` strings in the ad account's `currency` (decision 146).
 */
export const MetaSummarySchema = z.object({
  currency: z.string(),
  periodDays: z.number().int(),
  /** The window (shop days, inclusive; null before a shop is synced: Meta's last 30 days) and its comparison. */
  ...rangeWindowFields,
  spend: MoneySchema,
  impressions: z.number(),
  clicks: z.number(),
  purchases: z.number(),
  purchaseValue: MoneySchema,
  roas: z.number().nullable(),
  campaigns: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      spend: MoneySchema,
      impressions: z.number(),
      clicks: z.number(),
      purchaseValue: MoneySchema,
    }),
  ),
});
export type MetaSummary = z.infer<typeof MetaSummarySchema>;
/** The summary as Meta answers it, before the window is stated. */
export type MetaSummaryFigures = Omit<MetaSummary, keyof typeof rangeWindowFields>;
