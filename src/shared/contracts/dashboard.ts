import { z } from 'zod';
import { MoneySchema } from '../money.ts';
import { DayRangeQuerySchema, rangeWindowFields } from './date-range.ts';

/** Range of the Dashboard's KPIs: `from`/`to`, or the last 7, 30 or 90 complete shop days; `compare`. */
export const DashboardKpiQuerySchema = DayRangeQuerySchema;

/** Inclusive range of shop-local days ('YYYY-MM-DD'). */
export const DayRangeSchema = z.object({ start: z.string(), end: z.string() });

/**
 * A count KPI (orders, customers) in the period and the period before it; `changePercent` is null
 * when the previous value is 0.
 */
export const KpiValueSchema = z.object({
  current: z.number(),
  previous: z.number(),
  changePercent: z.number().nullable(),
});
export type KpiValue = z.infer<typeof KpiValueSchema>;

/**
 * A money KPI (decisions 146, 160): exact decimal strings in major units of the named currency,
 * summed in minor units and written once; `changePercent` (from the exact sums) is null when the
 * previous amount is 0. The All-stores dashboard sends the same shape.
 */
export const MoneyKpiSchema = z.object({
  current: MoneySchema,
  previous: MoneySchema,
  changePercent: z.number().nullable(),
});
export type MoneyKpi = z.infer<typeof MoneyKpiSchema>;

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
      /** Net revenue: order totals minus refunds (Shopify's total sales). */
      revenue: MoneyKpiSchema,
      /**
       * Order totals (tax and shipping included) on their order day. Not Shopify's gross
       * sales (products only, /api/profit's `grossSales`, decision 088): the field keeps its name, the
       * pages call it "Order totals".
       */
      grossSales: MoneyKpiSchema,
      /** Refunds on their refund day. */
      refunds: MoneyKpiSchema,
      refundCount: KpiValueSchema,
      orders: KpiValueSchema,
      /** Order totals / orders, rounded to the minor unit. */
      averageOrderValue: MoneyKpiSchema,
      /** Customers whose first order falls in the period. */
      newCustomers: KpiValueSchema,
      /** Customers who ordered in the period and had ordered before it. */
      returningCustomers: KpiValueSchema,
      /** Ad spend of every platform (issue #39), in `adSpendCurrency`; null when no ad account is connected. */
      adSpend: MoneyKpiSchema.nullable(),
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
   * Each ad platform's spend over the period (in `adSpendCurrency`, else the shop currency; issue
   * #39: `adSpend` is their total) and the platform's own ROAS: the conversion value it reports /
   * its spend, both in that currency (a foreign-currency account converted at each day's rate).
   */
  adPlatforms: z.array(
    z.object({
      platform: z.string(),
      spend: MoneySchema,
      previousSpend: MoneySchema,
      platformConversionValue: MoneySchema,
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
      sales: MoneySchema,
    }),
  ),
  /** Orders and order totals (before refunds) of the current period by last-visit channel. */
  channels: z.array(
    z.object({
      channel: z.string(),
      orders: z.number().int(),
      sales: MoneySchema,
      /** Percent 0–100 of the period's order totals. */
      share: z.number(),
    }),
  ),
  /** When the latest analysis run finished and the latest successful sync of any source. */
  lastAnalysisAt: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
});
export type DashboardKpis = z.infer<typeof DashboardKpisSchema>;
