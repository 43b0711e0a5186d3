import { z } from 'zod';
import { MoneySchema } from '../money.ts';

/** GA data endpoints (spec §3 "GA overview / pages / traffic"): GA4-reported, over the metrics window. */
export const GaOverviewSchema = z.object({
  activeUsers: z.number(),
  sessions: z.number(),
  totalUsers: z.number(),
  pageViews: z.number(),
  /** fraction 0–1 */
  bounceRate: z.number(),
  /** GA4's revenue in the property's `currency` (decision 146: an exact decimal string). */
  revenue: MoneySchema,
  conversions: z.number(),
  /** average session duration in seconds */
  sessionDuration: z.number(),
  /** the property's currency (report metadata), USD when GA does not say */
  currency: z.string(),
  /**
   * Decision 081: `revenue` in the shop currency, converted at each day's rate;
   * null while any day has no rate or no shop is synced. Absent on the connect form's answers.
   */
  revenueInShopCurrency: MoneySchema.nullable().optional(),
  /** The shop currency of `revenueInShopCurrency` (null before a shop is synced). */
  shopCurrency: z.string().nullable().optional(),
  /** Says GA4's revenue was converted, or withheld for want of a rate; null when GA4 reports in the shop's currency. */
  currencyNote: z.string().nullable().optional(),
});
export type GaOverview = z.infer<typeof GaOverviewSchema>;

export const GaPageRowSchema = z.object({
  pageTitle: z.string(),
  pagePath: z.string(),
  screenPageViews: z.number(),
  /** seconds */
  avgTimeOnPage: z.number(),
});
export type GaPageRow = z.infer<typeof GaPageRowSchema>;
export const GaPagesSchema = z.object({ pages: z.array(GaPageRowSchema) });
export type GaPages = z.infer<typeof GaPagesSchema>;

export const GaTrafficRowSchema = z.object({ source: z.string(), sessions: z.number() });
export type GaTrafficRow = z.infer<typeof GaTrafficRowSchema>;
export const GaTrafficSchema = z.object({ sources: z.array(GaTrafficRowSchema) });
export type GaTraffic = z.infer<typeof GaTrafficSchema>;
