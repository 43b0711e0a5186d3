import { z } from 'zod';
import { daysBetween, isShopDay } from '../calendar.ts';
import { CurrencySchema, MoneySchema } from '../money.ts';

/**
 * GET /api/profit (issue #13, decision 010): the P&L of a range of shop days, by day, week or
 * month, with an optional comparison. Amounts are exact decimal strings in the shop currency
 * (decision 009) and the lines add up exactly.
 */

/**
 * The P&L lines, in waterfall order (decisions 010 and 088 define each): sales as Shopify's
 * reports define them (gross sales = products only; shipping charged is its own line, added back
 * before the shipping cost).
 */
export const PROFIT_LINES = [
  'grossSales',
  'discounts',
  'returns',
  'netSales',
  'cogs',
  'grossProfit',
  'shippingCharges',
  'shipping',
  'paymentFees',
  'marketing',
  'contributionMargin',
  'expenses',
  'netProfit',
] as const;
export type ProfitLine = (typeof PROFIT_LINES)[number];
/** Lines the waterfall adds to the running total (the others below a result are deducted). */
export const PROFIT_ADDITIONS: ReadonlySet<ProfitLine> = new Set(['shippingCharges']);

export const PROFIT_GRANULARITIES = ['day', 'week', 'month'] as const;
export type ProfitGranularity = (typeof PROFIT_GRANULARITIES)[number];
export const PROFIT_COMPARISONS = ['previous_period', 'previous_year'] as const;

/** Earliest and latest shop day the endpoint accepts (issue #13: dates outside 2000–2100 refused). */
export const PROFIT_FIRST_DAY = '2000-01-01';
export const PROFIT_LAST_DAY = '2100-12-31';
/** Longest range in days: three years (a leap day included). */
export const PROFIT_MAX_RANGE_DAYS = 1096;

/** A shop day 'YYYY-MM-DD' within 2000–2100. */
export const ProfitDaySchema = z
  .string()
  .refine(isShopDay, 'expected a date YYYY-MM-DD')
  .refine(
    (day) => !isShopDay(day) || (day >= PROFIT_FIRST_DAY && day <= PROFIT_LAST_DAY),
    'expected a date between 2000-01-01 and 2100-12-31',
  );

/** A range of shop days must run forwards and span at most three years (named on `to`). */
export function refineProfitRange(query: { from: string; to: string }, context: z.RefinementCtx): void {
  if (query.from > query.to) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
  } else if (daysBetween(query.from, query.to) + 1 > PROFIT_MAX_RANGE_DAYS) {
    context.addIssue({
      code: 'custom',
      path: ['to'],
      message: `the range from from to to may span at most ${PROFIT_MAX_RANGE_DAYS} days (three years)`,
    });
  }
}

export const ProfitQuerySchema = z
  .object({
    from: ProfitDaySchema,
    to: ProfitDaySchema,
    granularity: z.enum(PROFIT_GRANULARITIES).default('day'),
    compare: z.enum(PROFIT_COMPARISONS).optional(),
  })
  .superRefine(refineProfitRange);
export type ProfitQuery = z.infer<typeof ProfitQuerySchema>;

export const ProfitLinesSchema = z.object({
  grossSales: MoneySchema,
  discounts: MoneySchema,
  returns: MoneySchema,
  netSales: MoneySchema,
  cogs: MoneySchema,
  grossProfit: MoneySchema,
  /** Shipping charged to customers minus shipping refunded (Shopify's "Shipping"). */
  shippingCharges: MoneySchema,
  /** Shipping cost: what the shop paid to ship (decision 010). */
  shipping: MoneySchema,
  paymentFees: MoneySchema,
  marketing: MoneySchema,
  contributionMargin: MoneySchema,
  expenses: MoneySchema,
  netProfit: MoneySchema,
  /** Taxes charged minus taxes refunded: collected, never revenue (outside the waterfall). */
  taxes: MoneySchema,
  /** Shopify's total sales = net sales + shipping charges + taxes (outside the waterfall). */
  totalSales: MoneySchema,
});
export type ProfitLines = z.infer<typeof ProfitLinesSchema>;

/** One bucket of the series: `period` is the day, the ISO week's Monday, or the month (YYYY-MM). */
export const ProfitSeriesPointSchema = ProfitLinesSchema.extend({
  period: z.string(),
  /** The bucket's first and last day inside the requested range. */
  start: z.string(),
  end: z.string(),
});

/** Cost coverage: sold units whose cost came from the owner or Shopify ÷ sold units (null: none sold). */
export const ProfitCoverageSchema = z.object({
  unitsSold: z.number().int().nonnegative(),
  unitsWithCost: z.number().int().nonnegative(),
  share: z.number().min(0).max(1).nullable(),
});

/** The part of COGS that rests on the default margin (an estimate, not a known cost). */
export const ProfitEstimatesSchema = z.object({
  cogs: MoneySchema,
});

const ProfitPeriodSchema = z.object({
  from: z.string(),
  to: z.string(),
  coverage: ProfitCoverageSchema,
  estimated: ProfitEstimatesSchema,
  totals: ProfitLinesSchema,
  series: z.array(ProfitSeriesPointSchema),
});

export const ProfitReportSchema = ProfitPeriodSchema.extend({
  /** False until a shop has been synced; the figures are then all zero. */
  hasData: z.boolean(),
  currency: CurrencySchema,
  timeZone: z.string().nullable(),
  granularity: z.enum(PROFIT_GRANULARITIES),
  /** The same range shifted back (previous_year: 364 days, the same days of the week). */
  comparison: ProfitPeriodSchema.extend({ compare: z.enum(PROFIT_COMPARISONS) }).optional(),
});
export type ProfitReport = z.infer<typeof ProfitReportSchema>;
