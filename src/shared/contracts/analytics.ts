import { z } from 'zod';
import { MoneySchema } from '../money.ts';
import { StatsPeriodSchema } from './opportunities.ts';

/** Accuracy of one forecast method in the rolling-origin backtest. */
export const ForecastAccuracySchema = z.object({ mase: z.number(), smape: z.number(), wape: z.number() });

export const ForecastPointSchema = z.object({
  date: z.string(),
  value: z.number(),
  lo80: z.number(),
  hi80: z.number(),
  lo95: z.number(),
  hi95: z.number(),
  closed: z.boolean(),
});

/** Daily revenue history, a 90-day forecast with 80/95 % intervals, the model and its backtest. */
export const RevenueForecastSchema = z.object({
  currency: z.string().nullable(),
  asOf: z.string().nullable(),
  history: z.array(z.object({ date: z.string(), value: z.number() })),
  forecast: z.array(ForecastPointSchema),
  model: z.string().nullable(),
  backtest: z
    .object({
      origins: z.number(),
      horizon: z.number(),
      model: ForecastAccuracySchema.nullable(),
      seasonalNaive: ForecastAccuracySchema.nullable(),
      weekdayMean: ForecastAccuracySchema.nullable(),
    })
    .nullable(),
  /**
   * Forecast days on a holiday (aligned by rule, e.g. Thanksgiving) the store closed for only once
   * in its history: forecast open, listed for the owner to confirm as closures.
   */
  suggestedClosures: z.array(z.object({ date: z.string(), holiday: z.string() })),
  /** Forecast days the owner confirmed as closures (PUT /api/analytics/forecast-closures/:date): forecast closed. */
  confirmedClosures: z.array(z.string()),
});
export type RevenueForecast = z.infer<typeof RevenueForecastSchema>;

/**
 * Customer segment (spec §3) with what the segment cards show. growthRate is percent vs 30 days
 * earlier; revenue and the mean 12-month CLV are `MoneySchema` strings in the latest run's currency
 * (a bare array as the spec shows it, so the currency is the run's, as on the opportunity list).
 */
export const CustomerSegmentSchema = z.object({
  segment: z.string(),
  count: z.number().int(),
  growthRate: z.number().nullable(),
  revenue: MoneySchema,
  orders: z.number().int(),
  /** Mean BG/NBD P(alive); null when the models were not fitted (too little data). */
  averageProbabilityAlive: z.number().nullable(),
  averageClv: MoneySchema.nullable(),
});
export const CustomerSegmentListSchema = z.array(CustomerSegmentSchema);
export type CustomerSegment = z.infer<typeof CustomerSegmentSchema>;

/** Cohort point (spec §3): week k after the first order, percent 0–100 retained. */
export const CohortPointSchema = z.object({
  week: z.number().int(),
  retentionRate: z.number().min(0).max(100),
  cohorts: z.number().int(),
  customers: z.number().int(),
});
export const CohortPointListSchema = z.array(CohortPointSchema);
export type CohortPoint = z.infer<typeof CohortPointSchema>;

/** `?period=7|30|90` of the attribution rows (optional: the spec's call sends none → 30). */
export const AttributionQuerySchema = z.object({ period: StatsPeriodSchema.default('30') });

/**
 * Attribution row (spec §3, design §6): store-verified revenue by channel over the metrics window
 * (decision 011), net of refunds; amounts are `MoneySchema` strings of the shop currency (decision 170).
 */
export const AttributionRowSchema = z.object({
  channel: z.string(),
  matchRate: z.number(),
  revenue: MoneySchema,
  roas: z.number().nullable(),
  opportunity: z.string(),
  spend: MoneySchema.nullable(),
  platformRevenue: MoneySchema.nullable(),
});
export const AttributionRowListSchema = z.array(AttributionRowSchema);
export type AttributionRow = z.infer<typeof AttributionRowSchema>;

/**
 * Stock impact row (spec §3), one per variant: status is 'Out of stock', 'Low stock · N days of cover'
 * or 'In stock · N days of cover' (listed for a past stock-out); stockState is the same state as a
 * variant's on /products (one definition, decision 034).
 */
export const StockImpactRowSchema = z.object({
  product: z.string(),
  variantId: z.string(),
  status: z.string(),
  stockState: z.enum(['Out of stock', 'Low stock', 'In stock']),
  /** The product's lead time the state was judged with: the owner's, else the default (decision 112). */
  leadTimeDays: z.number().int(),
  /** Revenue lost to the stock-out, an estimate rounded once to the run currency's minor unit. */
  estimatedLoss: MoneySchema,
  available: z.number().int(),
  daysOfCover: z.number().nullable(),
  outOfStockDays: z.number().int(),
  baselineHadStockouts: z.boolean(),
});
export const StockImpactRowListSchema = z.array(StockImpactRowSchema);
export type StockImpactRow = z.infer<typeof StockImpactRowSchema>;

/** The latest analysis run (for "Last updated") and whether one is running. */
export const AnalysisStatusSchema = z.object({
  lastRun: z
    .object({
      id: z.string(),
      status: z.enum(['running', 'succeeded', 'failed']),
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      asOf: z.string().nullable(),
      durationMs: z.number().nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
  lastSucceededAt: z.string().nullable(),
  running: z.boolean(),
  hasData: z.boolean(),
  /** Lifetime-model status: 'fitted', 'insufficient_data' (fewer than ~200 repeat customers) or null. */
  lifetimeModel: z.string().nullable(),
});
export type AnalysisStatus = z.infer<typeof AnalysisStatusSchema>;
