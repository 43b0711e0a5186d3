import { z } from 'zod';
import { CurrencySchema as CurrencyCodeSchema, MoneySchema } from '../money.ts';
import { dayRangeQueryFields, rangeWindowFields, refineDayRangeQuery } from './date-range.ts';
import { ProfitCoverageSchema } from './profit.ts';

/**
 * Customer Segments page (design §6): RFM segments of the latest analysis run with churn and
 * 12-month CLV. Money is `MoneySchema` (exact decimal strings in the shop `currency`, decision 146):
 * revenue to the cent; CLV, an estimate, rounded to the currency's minor unit.
 */

export const SegmentSummarySchema = z.object({
  segment: z.string(),
  customers: z.number().int(),
  /** Percent 0–100 of all customers. */
  customerShare: z.number(),
  /** Revenue of the segment's customers up to the run's asOf, and its percent share 0–100. */
  revenue: MoneySchema,
  revenueShare: z.number(),
  orders: z.number().int(),
  /** Percent change of the segment's size against 30 days earlier (null when it was empty then). */
  growthRate: z.number().nullable(),
  /** Means over the segment: churn probability = 1 − P(alive) (null when the models were not fitted). */
  averageProbabilityAlive: z.number().nullable(),
  averageChurnProbability: z.number().nullable(),
  /** Expected 12-month CLV per customer and summed over the segment. */
  averageClv: MoneySchema.nullable(),
  totalClv: MoneySchema.nullable(),
});

const BetaGeometricFitSchema = z.object({
  r: z.number(),
  alpha: z.number(),
  a: z.number(),
  b: z.number(),
  logLikelihood: z.number(),
  converged: z.boolean(),
  customers: z.number().int(),
});

/** The lifetime models' fit in brief; `status` 'insufficient_data' below ~200 repeat customers. */
export const LifetimeDiagnosticsSchema = z.object({
  status: z.enum(['fitted', 'insufficient_data', 'not_run']),
  repeatCustomers: z.number().int().nullable(),
  minimumRepeatCustomers: z.number().int(),
  timeUnit: z.string().nullable(),
  horizonMonths: z.number().nullable(),
  monthlyDiscountRate: z.number().nullable(),
  /** The model behind P(alive) and churn ('MBG/NBD'; older runs: 'BG/NBD'). */
  churnModel: z.string().nullable(),
  bgnbd: BetaGeometricFitSchema.nullable(),
  /** MBG/NBD fit (the churn model); null on runs made before it was added. */
  mbgnbd: BetaGeometricFitSchema.nullable(),
  gammaGamma: z
    .object({
      p: z.number(),
      q: z.number(),
      gamma: z.number(),
      logLikelihood: z.number(),
      converged: z.boolean(),
      customers: z.number().int(),
    })
    .nullable(),
});
export type LifetimeDiagnostics = z.infer<typeof LifetimeDiagnosticsSchema>;

export const CustomersSummarySchema = z.object({
  hasData: z.boolean(),
  currency: z.string().nullable(),
  /** Last day the analysis covered (shop-local) and when it finished. */
  asOf: z.string().nullable(),
  analysedAt: z.string().nullable(),
  customers: z.number().int(),
  revenue: MoneySchema,
  segments: z.array(SegmentSummarySchema),
  lifetime: LifetimeDiagnosticsSchema,
  /** Customers by churn probability in ten bins [from, to) (the last includes 1); empty when not fitted. */
  churnDistribution: z.array(z.object({ from: z.number(), to: z.number(), customers: z.number().int() })),
  /** Sums over all customers; null when not fitted. */
  expectedOrders12m: z.number().nullable(),
  clv12m: MoneySchema.nullable(),
});
export type CustomersSummary = z.infer<typeof CustomersSummarySchema>;

export const CustomerSortSchema = z.enum(['clv', 'churn', 'lastOrder', 'revenue']);
export type CustomerSort = z.infer<typeof CustomerSortSchema>;

export const CustomerListQuerySchema = z
  .object({
    /** A range (shop days) or period: only customers with an order in it are listed (issue #36). */
    ...dayRangeQueryFields,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    /** clv: highest CLV; churn: highest churn probability; lastOrder: most recent; revenue: most spent. */
    sort: CustomerSortSchema.default('clv'),
    /** desc = the "highest/most recent first" order above; asc reverses it. Nulls always last. */
    direction: z.enum(['asc', 'desc']).default('desc'),
    /** Search by name or e-mail (case-insensitive substring); by the exact customer id only for a member without personal-data access. */
    q: z.string().trim().max(100).optional(),
    segment: z.string().trim().min(1).max(60).optional(),
  })
  .superRefine(refineDayRangeQuery);
export type CustomerListQuery = z.infer<typeof CustomerListQuerySchema>;

export const CustomerRowSchema = z.object({
  customerId: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  lastOrderDate: z.string(),
  recencyDays: z.number().int(),
  orders: z.number().int(),
  revenue: MoneySchema,
  r: z.number().int(),
  f: z.number().int(),
  m: z.number().int(),
  segment: z.string(),
  probabilityAlive: z.number().nullable(),
  churnProbability: z.number().nullable(),
  expectedOrders12m: z.number().nullable(),
  clv12m: MoneySchema.nullable(),
});

export const CustomerListSchema = z.object({
  currency: z.string().nullable(),
  asOf: z.string().nullable(),
  /** The window of orders the list covers (from null: every order up to the analysis day). */
  ...rangeWindowFields,
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  customers: z.array(CustomerRowSchema),
});
export type CustomerList = z.infer<typeof CustomerListSchema>;

/** Under this many customers a cohort or channel shows no averages, only that it is too thin. */
export const COHORT_MINIMUM_CUSTOMERS = 20;

/** Whether the running contribution per customer has paid the CAC back (decision 025). */
export const CohortPaybackSchema = z.enum(['too_few_customers', 'no_spend', 'paid_back', 'not_yet']);

const CohortFiguresShape = {
  /** Customers whose first order is in the group. */
  customers: z.number().int(),
  /** Marketing spend that acquired them; null when none is tracked for the group. */
  spend: MoneySchema.nullable(),
  /** Spend ÷ customers. */
  cac: MoneySchema.nullable(),
  /** Lifetime value to date in contribution margin: Σ contribution before marketing ÷ customers. */
  ltv: MoneySchema.nullable(),
  ltvToCac: z.number().nullable(),
  /** Months until the running contribution per customer reached the CAC (1 = the first order's month). */
  paybackMonths: z.number().int().nullable(),
  payback: CohortPaybackSchema,
  /** Months from the first order's month to the last day with orders, that month included. */
  monthsObserved: z.number().int(),
  coverage: ProfitCoverageSchema,
};

/**
 * Lifetime value in contribution margin (GET /api/customers/cohort-profit, issue #13, decisions
 * 025 and 039): every customer's orders to date, per acquisition cohort (month of the first order,
 * all channels) and per first channel (the channel credited with the first order, all cohorts).
 * Amounts are exact decimal strings in the shop currency.
 */
export const CohortProfitSchema = z.object({
  hasData: z.boolean(),
  currency: CurrencyCodeSchema.nullable(),
  /** Last shop day with a sale order. */
  asOf: z.string().nullable(),
  minimumCustomers: z.number().int(),
  /** The definitions, in words (shown on the page). */
  rule: z.string(),
  lifetime: z.object({
    customers: z.number().int(),
    contribution: MoneySchema,
    /** Contribution to date per customer; null without customers. */
    ltv: MoneySchema.nullable(),
    coverage: ProfitCoverageSchema,
  }),
  /**
   * Sale orders without a customer record (guest checkouts, decision 056): in the P&L, not in any
   * customer count; `lifetime.contribution` + `guests.contribution` is the P&L's contribution
   * before marketing over all time.
   */
  guests: z.object({ orders: z.number().int(), contribution: MoneySchema, coverage: ProfitCoverageSchema }),
  /** Newest cohort first. */
  cohorts: z.array(z.object({ cohort: z.string(), ...CohortFiguresShape })),
  /** Most customers first. */
  channels: z.array(z.object({ channel: z.string(), ...CohortFiguresShape })),
});
export type CohortProfit = z.infer<typeof CohortProfitSchema>;
export type CohortFigures = CohortProfit['cohorts'][number];
