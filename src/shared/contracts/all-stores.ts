import { z } from 'zod';
import { CurrencySchema, MoneySchema } from '../money.ts';
import { KpiValueSchema, MoneyKpiSchema } from './dashboard.ts';
import { KnownCurrencySchema, RateSourceSchema } from './exchange-rates.ts';
import { StatsPeriodSchema } from './opportunities.ts';
import { ProfitQuerySchema, ProfitReportSchema } from './profit.ts';

/**
 * The All-stores views (issue #17 item 1, decision 067): the team's stores summed in the team's
 * reporting currency, each store's amounts converted per shop day with that day's ECB (or
 * hand-entered) rate, exactly in minor units, rounded half away from zero once per store-day and
 * amount. Every answer lists the stores (summed or not, and why) and every rate it used.
 */

/** The rounding and rate rule, as the page shows it. */
export const CONVERSION_RULE =
  "Each store's amounts are converted per shop day at that day's euro reference rate (ECB, or entered by hand), in minor units rounded half away from zero, then summed. On weekends and TARGET holidays the ECB publishes no rate: the last rate published before the day is used.";

/** A run of shop days of one currency converted at one published rate (units per euro). */
export const RateUsedSchema = z.object({
  currency: CurrencySchema,
  /** First and last shop day converted at this rate. */
  from: z.string(),
  to: z.string(),
  /** The day the rate was published for (before `from` on a weekend or holiday). */
  rateDate: z.string(),
  rate: z.string(),
  source: RateSourceSchema,
});
export type RateUsed = z.infer<typeof RateUsedSchema>;

/** A store of the team and whether its amounts are in the sums. */
export const AllStoresStoreSchema = z.object({
  storeId: z.uuid(),
  name: z.string(),
  /** The shop's currency, null before Shopify has synced. */
  currency: CurrencySchema.nullable(),
  included: z.boolean(),
  /** Why a store is not summed (no shop yet, or a day without any rate). */
  reason: z.string().nullable(),
});
export type AllStoresStore = z.infer<typeof AllStoresStoreSchema>;

const ConversionShape = {
  reportingCurrency: CurrencySchema,
  currencyDigits: z.number().int(),
  stores: z.array(AllStoresStoreSchema),
  rates: z.array(RateUsedSchema),
  conversionRule: z.string(),
};

export const AllStoresDashboardQuerySchema = z.object({
  periodDays: z.coerce
    .number()
    .int('periodDays must be a whole number')
    .min(1, 'periodDays must be at least 1')
    .max(365, 'periodDays must be at most 365')
    .default(30),
});

/** GET /api/all-stores/dashboard — the dashboard's sales KPIs summed over the team's stores. */
export const AllStoresDashboardSchema = z.object({
  ...ConversionShape,
  periodDays: z.number().int(),
  /** Shop days of the period and the one before (each store counts its own shop days). */
  current: z.object({ start: z.string(), end: z.string() }).nullable(),
  previous: z.object({ start: z.string(), end: z.string() }).nullable(),
  /** The Dashboard's sales KPIs (same shapes): amounts in the reporting currency, orders a count. */
  kpis: z
    .object({
      revenue: MoneyKpiSchema,
      grossSales: MoneyKpiSchema,
      refunds: MoneyKpiSchema,
      orders: KpiValueSchema,
      averageOrderValue: MoneyKpiSchema,
    })
    .nullable(),
  /** Each summed store's share: its converted net revenue in the period (reporting currency). */
  byStore: z.array(z.object({ storeId: z.uuid(), revenue: MoneySchema, orders: z.number().int() })),
});
export type AllStoresDashboard = z.infer<typeof AllStoresDashboardSchema>;

/** GET /api/all-stores/profit — the P&L of `/api/profit` summed over the team's stores. */
export const AllStoresProfitQuerySchema = ProfitQuerySchema;
export const AllStoresProfitSchema = ProfitReportSchema.extend(ConversionShape);
export type AllStoresProfit = z.infer<typeof AllStoresProfitSchema>;

export const AllStoresProductsQuerySchema = z.object({ period: StatsPeriodSchema.default('30') });

/** GET /api/all-stores/products — the best-selling products of every store, in the reporting currency. */
export const AllStoresProductsSchema = z.object({
  ...ConversionShape,
  period: z.number().int(),
  products: z.array(
    z.object({
      storeId: z.uuid(),
      productId: z.string(),
      title: z.string(),
      units: z.number().int(),
      /** Sales (price × quantity − line discounts) converted to the reporting currency. */
      revenue: MoneySchema,
    }),
  ),
});
export type AllStoresProducts = z.infer<typeof AllStoresProductsSchema>;

/** PATCH /api/workspace — the workspace's reporting currency (owners only). */
export const WorkspacePatchBodySchema = z.object({ reportingCurrency: KnownCurrencySchema });
export const WorkspaceSettingsSchema = z.object({ reportingCurrency: CurrencySchema });
