import { z } from 'zod';
import { MoneySchema } from '../money.ts';

/**
 * One arm as the owner enters it: revenue an exact decimal string in the shop currency's major
 * units ("1234.56"), the one money dialect in requests as in responses (decision 170): the form
 * sends what the owner typed, and the server reads it to minor units without a float between.
 */
export const VariantInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'each variant needs a name')
    .max(60, 'variant names are at most 60 characters'),
  visitors: z.number().int('visitors must be a whole number').min(0, 'visitors cannot be negative').max(1e9),
  conversions: z
    .number()
    .int('conversions must be a whole number')
    .min(0, 'conversions cannot be negative')
    .max(1e9),
  revenue: MoneySchema.refine((amount) => !amount.startsWith('-'), 'revenue cannot be negative')
    .refine((amount) => Number(amount) <= 1e12, 'revenue is at most 1000000000000')
    .default('0'),
});

/**
 * Create or replace an experiment. The first variant is the control; minimumDetectableEffect is the
 * relative lift (percent) the owner wants to be able to detect, which sets the planned sample size.
 */
export const ExperimentInputSchema = z
  .object({
    name: z.string().trim().min(1, 'name is required').max(120, 'name is at most 120 characters'),
    hypothesis: z.string().trim().max(2000, 'hypothesis is at most 2000 characters').default(''),
    minimumDetectableEffect: z
      .number()
      .gt(0, 'minimumDetectableEffect must be above 0 %')
      .max(500, 'minimumDetectableEffect is at most 500 %')
      .default(10),
    variants: z
      .array(VariantInputSchema)
      .min(2, 'an experiment needs a control and at least one variant')
      .max(6, 'at most 6 variants'),
  })
  .superRefine((input, ctx) => {
    const names = new Set<string>();
    input.variants.forEach((v, i) => {
      if (v.conversions > v.visitors)
        ctx.addIssue({
          code: 'custom',
          path: ['variants', i, 'conversions'],
          message: 'conversions cannot exceed visitors',
        });
      if (names.has(v.name.toLowerCase()))
        ctx.addIssue({ code: 'custom', path: ['variants', i, 'name'], message: 'variant names must differ' });
      names.add(v.name.toLowerCase());
    });
  });
export type ExperimentInput = z.input<typeof ExperimentInputSchema>;

export const ExperimentParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** An arm's result; revenue and revenue per visitor are `MoneySchema` in the experiment's currency. */
export const VariantResultSchema = z.object({
  name: z.string(),
  visitors: z.number().int(),
  conversions: z.number().int(),
  revenue: MoneySchema,
  conversionRate: z.number(),
  /** 95 % Wilson interval of the conversion rate. */
  rateLow: z.number(),
  rateHigh: z.number(),
  /** Rounded once to the minor unit (an average: the lift beside it is computed before rounding). */
  revenuePerVisitor: MoneySchema.nullable(),
});

/** A variant against the control: lift (fraction, 0.1 = +10 %) with its 95 % interval, tests. */
export const ComparisonResultSchema = z.object({
  variant: z.string(),
  difference: z.number(),
  lift: z.number().nullable(),
  liftLow: z.number().nullable(),
  liftHigh: z.number().nullable(),
  z: z.number(),
  pValue: z.number(),
  probabilityToBeatControl: z.number(),
  significant: z.boolean(),
  revenuePerVisitorLift: z.number().nullable(),
});

export const ExperimentAnalysisSchema = z.object({
  control: z.string(),
  variants: z.array(VariantResultSchema),
  comparisons: z.array(ComparisonResultSchema),
  alphaPerComparison: z.number(),
  requiredVisitorsPerArm: z.number().int().nullable(),
  verdict: z.object({
    status: z.enum(['not_enough_data', 'winner', 'no_difference']),
    label: z.string(),
    winner: z.string().nullable(),
    rule: z.string(),
    detail: z.string(),
  }),
});

export const ExperimentSchema = z.object({
  id: z.string(),
  name: z.string(),
  hypothesis: z.string(),
  currency: z.string(),
  minimumDetectableEffect: z.number(),
  variants: z.array(
    z.object({
      name: z.string(),
      visitors: z.number().int(),
      conversions: z.number().int(),
      revenue: MoneySchema,
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
  analysis: ExperimentAnalysisSchema,
});
export type Experiment = z.infer<typeof ExperimentSchema>;
export const ExperimentListSchema = z.array(ExperimentSchema);

/**
 * Sample-size / minimum-detectable-effect calculator. Rates and effects are percents: baselineRate
 * 3 = 3 % conversion; minimumDetectableEffect 10 = a 10 % relative lift (3 % → 3.3 %).
 */
export const SampleSizeQuerySchema = z.object({
  baselineRate: z.coerce
    .number()
    .gt(0, 'baselineRate must be above 0 %')
    .lt(100, 'baselineRate must be below 100 %')
    .default(3),
  minimumDetectableEffect: z.coerce
    .number()
    .gt(0, 'minimumDetectableEffect must be above 0 %')
    .max(500)
    .default(10),
  visitorsPerVariant: z.coerce.number().int().min(1).max(1e9).optional(),
  variants: z.coerce.number().int().min(2).max(6).default(2),
  power: z.coerce.number().min(50, 'power must be at least 50 %').max(99.9).default(80),
  significance: z.coerce.number().gt(0).max(20, 'significance is at most 20 %').default(5),
});
export type SampleSizeQuery = z.infer<typeof SampleSizeQuerySchema>;

export const SampleSizeSchema = z.object({
  baselineRate: z.number(),
  targetRate: z.number().nullable(),
  /** Visitors each arm needs to detect minimumDetectableEffect (null when the target rate reaches 100 %). */
  requiredVisitorsPerVariant: z.number().int().nullable(),
  totalVisitors: z.number().int().nullable(),
  /** With visitorsPerVariant given: the smallest relative lift (percent) detectable (null when none). */
  detectableEffect: z.number().nullable(),
  alphaPerComparison: z.number(),
  formula: z.string(),
});
export type SampleSize = z.infer<typeof SampleSizeSchema>;
