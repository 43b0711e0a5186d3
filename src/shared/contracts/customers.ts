import { z } from 'zod';

/**
 * Customer Segments page (design §6): RFM segments of the latest analysis run with churn and
 * 12-month CLV. Money is in major units of the shop currency, as the analysis snapshot stores it.
 */

export const SegmentSummarySchema = z.object({
  segment: z.string(),
  customers: z.number().int(),
  /** Percent 0–100 of all customers. */
  customerShare: z.number(),
  /** Revenue of the segment's customers up to the run's asOf, and its percent share 0–100. */
  revenue: z.number(),
  revenueShare: z.number(),
  orders: z.number().int(),
  /** Percent change of the segment's size against 30 days earlier (null when it was empty then). */
  growthRate: z.number().nullable(),
  /** Means over the segment: churn probability = 1 − P(alive) (null when the models were not fitted). */
  averageProbabilityAlive: z.number().nullable(),
  averageChurnProbability: z.number().nullable(),
  /** Expected 12-month CLV per customer and summed over the segment. */
  averageClv: z.number().nullable(),
  totalClv: z.number().nullable(),
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
  revenue: z.number(),
  segments: z.array(SegmentSummarySchema),
  lifetime: LifetimeDiagnosticsSchema,
  /** Customers by churn probability in ten bins [from, to) (the last includes 1); empty when not fitted. */
  churnDistribution: z.array(z.object({ from: z.number(), to: z.number(), customers: z.number().int() })),
  /** Sums over all customers; null when not fitted. */
  expectedOrders12m: z.number().nullable(),
  clv12m: z.number().nullable(),
});
export type CustomersSummary = z.infer<typeof CustomersSummarySchema>;

export const CustomerSortSchema = z.enum(['clv', 'churn', 'lastOrder', 'revenue']);
export type CustomerSort = z.infer<typeof CustomerSortSchema>;

export const CustomerListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  /** clv: highest CLV; churn: highest churn probability; lastOrder: most recent; revenue: most spent. */
  sort: CustomerSortSchema.default('clv'),
  /** desc = the "highest/most recent first" order above; asc reverses it. Nulls always last. */
  direction: z.enum(['asc', 'desc']).default('desc'),
  /** Search by name or e-mail (case-insensitive substring). */
  q: z.string().trim().max(100).optional(),
  segment: z.string().trim().min(1).max(60).optional(),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuerySchema>;

export const CustomerRowSchema = z.object({
  customerId: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  lastOrderDate: z.string(),
  recencyDays: z.number().int(),
  orders: z.number().int(),
  revenue: z.number(),
  r: z.number().int(),
  f: z.number().int(),
  m: z.number().int(),
  segment: z.string(),
  probabilityAlive: z.number().nullable(),
  churnProbability: z.number().nullable(),
  expectedOrders12m: z.number().nullable(),
  clv12m: z.number().nullable(),
});

export const CustomerListSchema = z.object({
  currency: z.string().nullable(),
  asOf: z.string().nullable(),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  customers: z.array(CustomerRowSchema),
});
export type CustomerList = z.infer<typeof CustomerListSchema>;
