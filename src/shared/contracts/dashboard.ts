import { z } from 'zod';
import { DayRangeQuerySchema, rangeWindowFields } from './date-range.ts';

/** Range of the Dashboard's KPIs: `from`/`to`, or the last 7, 30 or 90 complete shop days; `compare`. */
export const DashboardKpiQuerySchema = DayRangeQuerySchema;

/** Inclusive range of shop-local days ('YYYY-MM-DD'). */
export const DayRangeSchema = z.object({ start: z.string(), end: z.string() });

/**
 * One KPI in the period and the period before it. Money KPIs are integers in minor units of the
 * named currency (exact sums); `changePercent` is null when the previous value is 0.
 */
export const KpiValueSchema = z.object({
  current: z.number(),
  previous: z.number(),
  changePercent: z.number().nullable(),
});
export type KpiValue = z.infer<typeof KpiValueSchema>;

/** A ratio KPI (ROAS): null where its denominator is 0. */
export const RatioKpiSchema = z.object({
  current: z.number().nullable(),
  previous: z.number().nullable(),
  changePercent: z.number().nullable(),
});
export type RatioKpi = z.infer<typeof RatioKpiSchema>;

export const DashboardKpisSchema = z.object({
  /** False until a shop with at least one order has been synced. */
  hasData: z.boolean(),
  periodDays: z.number().int(),
  /** Shop currency and its minor-unit digits (2 for USD, 0 for JPY). */
  currency: z.string().nullable(),
  currencyDigits: z.number().int().nullable(),
  timeZone: z.string().nullable(),
  /** The window (shop days, inclusive) and its comparison (issue #36). */
  ...rangeWindowFields,
  current: DayRangeSchema.nullable(),
  previous: DayRangeSchema.nullable(),
  /** How revenue is counted (shown wherever revenue is shown, design §6). */
  revenueRule: z.string(),
  kpis: z
    .object({
      /** Net revenue: order totals minus refunds (Shopify's total sales), minor units. */
      revenue: KpiValueSchema,
      /**
       * Order totals (tax and shipping included) on their order day, minor units. Not Shopify's gross
       * sales (products only, /api/profit's `grossSales`, decision 088): the field keeps its name, the
       * pages call it "Order totals".
       */
      grossSales: KpiValueSchema,
      /** Refunds on their refund day, minor units. */
      refunds: KpiValueSchema,
      refundCount: KpiValueSchema,
      orders: KpiValueSchema,
      /** Order totals / orders, rounded to the minor unit. */
      averageOrderValue: KpiValueSchema,
      /** Customers whose first order falls in the period. */
      newCustomers: KpiValueSchema,
      /** Customers who ordered in the period and had ordered before it. */
      returningCustomers: KpiValueSchema,
      /** Ad spend of every platform (issue #39), minor units of `adSpendCurrency`; null when no ad account is connected. */
      adSpend: KpiValueSchema.nullable(),
      /** Blended ROAS = all net store revenue / all ad spend; null without ad spend or when the currencies differ. */
      roas: RatioKpiSchema.nullable(),
      /**
       * Meta-attributed ROAS = store-verified revenue credited to Meta (the one attribution rule,
       * net of refunds) / Meta ad spend: the Meta row of the attribution table and Campaign
       * Performance's total. Null when blended ROAS is.
       */
      metaRoas: RatioKpiSchema.nullable(),
    })
    .nullable(),
  metaConnected: z.boolean(),
  /**
   * Each ad platform's spend over the period (shop currency, minor units, issue #39: `adSpend` is
   * their total) and the platform's own ROAS: the conversion value it reports / its spend, both in
   * the shop currency (a foreign-currency account converted at each day's rate).
   */
  adPlatforms: z.array(
    z.object({
      platform: z.string(),
      spendMinor: z.number().int(),
      previousSpendMinor: z.number().int(),
      platformConversionValueMinor: z.number().int(),
      platformRoas: z.number().nullable(),
    }),
  ),
  adSpendCurrency: z.string().nullable(),
  /** Why ad spend or ROAS is missing, in words (null when both are shown). */
  adsNote: z.string().nullable(),
  /** Best-selling products of the current period: line items after discounts, before refunds. */
  topProducts: z.array(
    z.object({
      productId: z.string(),
      title: z.string(),
      units: z.number().int(),
      salesMinor: z.number().int(),
    }),
  ),
  /** Orders and order totals (before refunds) of the current period by last-visit channel. */
  channels: z.array(
    z.object({
      channel: z.string(),
      orders: z.number().int(),
      salesMinor: z.number().int(),
      /** Percent 0–100 of the period's order totals. */
      share: z.number(),
    }),
  ),
  /** When the latest analysis run finished and the latest successful sync of any source. */
  lastAnalysisAt: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
});
export type DashboardKpis = z.infer<typeof DashboardKpisSchema>;
