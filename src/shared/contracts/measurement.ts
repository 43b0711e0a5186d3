import { z } from 'zod';
import { MoneySchema } from '../money.ts';
import { dayRangeQueryFields, refineDayRangeQuery } from './date-range.ts';

/**
 * The Measurement page's contracts (issue #41): the marketing-mix model of the shop's weekly net
 * sales on each ad channel's spend (GET /api/measurement/mmm), and the budget planner over its
 * response curves (POST /api/measurement/plan). Every figure is a model estimate: a posterior mean
 * with its 90 % credible interval (`…Low`, `…High`). Amounts are decimal strings in major units of
 * `currency`, rounded to its minor unit; spend and responses are per week.
 */

/** The shared range input (issue #36); the model compares nothing, so no `compare`. */
const { compare: _compare, ...rangeFields } = dayRangeQueryFields;
export const MmmQuerySchema = z.object(rangeFields).superRefine(refineDayRangeQuery);
export type MmmQuery = z.infer<typeof MmmQuerySchema>;

/** One point of a channel's weekly response curve: net sales caused at a steady weekly spend. */
const CurvePointSchema = z.object({
  spend: MoneySchema,
  response: MoneySchema,
  responseLow: MoneySchema,
  responseHigh: MoneySchema,
});

export const MmmChannelSchema = z.object({
  name: z.string(),
  /** Spend over the fitted weeks. */
  spend: MoneySchema,
  /** Net sales the channel caused over the fitted weeks (estimated). */
  contribution: MoneySchema,
  contributionLow: MoneySchema,
  contributionHigh: MoneySchema,
  /** Share of the paid channels' summed contribution, 0–1. */
  contributionShare: z.number(),
  contributionShareLow: z.number(),
  contributionShareHigh: z.number(),
  /** Incremental ROAS: caused net sales per unit of spend. */
  roas: z.number(),
  roasLow: z.number(),
  roasHigh: z.number(),
  /** Net sales of the next unit of spend at the fitted spend level. */
  marginalRoas: z.number(),
  marginalRoasLow: z.number(),
  marginalRoasHigh: z.number(),
  /** The platform's own attributed ROAS over the same days (null: the platform reports none). */
  attributedRoas: z.number().nullable(),
  adstock: z.object({
    type: z.literal('geometric'),
    decayPerWeek: z.number(),
    maxLagWeeks: z.number().int(),
  }),
  /** The most probable family's curve (decision 234): Hill (with its shape) or logistic (with its λ). */
  saturation: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('hill'),
      /** Weekly spend that reaches half of the channel's largest effect. */
      halfSaturation: MoneySchema,
      shape: z.number(),
    }),
    z.object({
      type: z.literal('logistic'),
      halfSaturation: MoneySchema,
      /** pymc-marketing's λ, on spend scaled by the channel's largest week. */
      lambda: z.number(),
    }),
  ]),
  /** Mean weekly spend over the last 13 fitted weeks: where the planner starts. */
  currentWeeklySpend: MoneySchema,
  /**
   * The largest weekly spend in the fitted weeks (decision 248): the response curve is measured up
   * to here; above it, it is the model's extrapolation.
   */
  largestWeeklySpend: MoneySchema,
  curve: z.array(CurvePointSchema),
});
export type MmmChannel = z.infer<typeof MmmChannelSchema>;

export const MmmWeekSchema = z.object({
  weekStart: z.string(),
  actual: MoneySchema,
  fitted: MoneySchema,
  baseline: MoneySchema,
  /** Estimated contribution of each channel, in the order of `channels`. */
  channels: z.array(MoneySchema),
});

export const MmmAnswerSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  currency: z.string(),
  /** What the model explains: net sales (Shopify's definition, decision 088) per week. */
  target: z.literal('net_sales'),
  channels: z.array(MmmChannelSchema),
  weeks: z.array(MmmWeekSchema),
  fit: z
    .object({
      r2: z.number(),
      mape: z.number(),
      coverage90: z.number(),
      outOfSampleMape: z.number().nullable(),
    })
    .nullable(),
  /**
   * The carry-over (decay) prior the fit used (decision 214): Jin et al.'s Beta(3, 3) below 156
   * weeks, chosen by the data from 156 weeks; null when nothing was fitted.
   */
  decayPrior: z
    .object({
      kind: z.enum(['fixed', 'estimated']),
      /** Mean carry-over a week of the (most probable) prior. */
      mean: z.number(),
      summary: z.string(),
    })
    .nullable(),
  /**
   * The saturation family (decision 234): Hill or logistic, each with its probability given the
   * data; the response curves are drawn from both in proportion. Null when nothing was fitted.
   */
  saturation: z
    .object({
      family: z.enum(['hill', 'logistic']),
      candidates: z.array(z.object({ family: z.enum(['hill', 'logistic']), probability: z.number() })),
      summary: z.string(),
    })
    .nullable(),
  /** Present when the data cannot support an answer: then no channel figure is given. */
  thin: z.object({ reason: z.string() }).optional(),
});
export type MmmAnswer = z.infer<typeof MmmAnswerSchema>;

const AmountInput = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,4})?$/, 'expected a non-negative decimal amount such as "1500.00"');

/** `{ from, to }` of the fit (optional: the last 52 complete weeks), the weekly budget and each channel's bounds. */
export const PlanBodySchema = z
  .object({
    from: rangeFields.from,
    to: rangeFields.to,
    /** Total weekly ad budget in the shop currency. */
    budget: AmountInput,
    /** Per channel name: the least and most it may get per week. */
    bounds: z
      .record(
        z.string().min(1).max(100),
        z.strictObject({ min: AmountInput.optional(), max: AmountInput.optional() }),
      )
      .default({}),
  })
  .strict()
  .superRefine(refineDayRangeQuery);
export type PlanBody = z.infer<typeof PlanBodySchema>;

const IntervalSchema = z.object({ mean: MoneySchema, low: MoneySchema, high: MoneySchema });

export const PlanAnswerSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  currency: z.string(),
  budget: MoneySchema,
  /** Contribution per unit of net sales before ad spend over the fitted range (the planner's margin). */
  margin: z.number().nullable(),
  channels: z.array(
    z.object({
      name: z.string(),
      current: MoneySchema,
      planned: MoneySchema,
      change: MoneySchema,
      /** The channel's largest weekly spend in the fitted weeks (decision 248). */
      largestWeeklySpend: MoneySchema,
      /** Planned above that week: the plan rests on the curve's extrapolation for this channel. */
      beyondData: z.boolean(),
    }),
  ),
  unspent: MoneySchema,
  /** Estimated weekly change of net sales and of contribution (after the spend change). */
  expectedRevenueChange: IntervalSchema.nullable(),
  expectedContributionChange: IntervalSchema.nullable(),
  moves: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      amount: MoneySchema,
      /** The move's weekly contribution change has its 90 % interval above zero under the model. */
      pays: z.boolean(),
      /**
       * It does under the model's refit with a shorter carry-over prior too (decision 179, the
       * check decision 163 gives the "Move $X from A to B" opportunity): only then is it robust.
       */
      robust: z.boolean(),
    }),
  ),
  /**
   * The plan checked against the carry-over assumption (decision 179); null with no plan. The
   * headline change is stated only when every move is robust; otherwise the summary names the
   * moves that are not and says no expected change.
   */
  carryOver: z
    .object({
      /** The stated alternative decay prior each move was re-checked under. */
      alternativeDecayPrior: z.string(),
      robust: z.boolean(),
      /** `expectedContributionChange` when robust, else null. */
      expectedContributionChange: IntervalSchema.nullable(),
      /** One sentence for the owner. */
      summary: z.string(),
    })
    .nullable(),
  /**
   * Whether every planned spend lies within the spend the fitted weeks cover (decision 248); null
   * with no plan. The bounds stay the owner's: a plan beyond the data is answered, and said to be.
   */
  dataSupport: z
    .object({
      within: z.boolean(),
      /** The channels planned above their largest fitted week. */
      beyond: z.array(z.string()),
      /** One sentence for the owner. */
      summary: z.string(),
    })
    .nullable(),
  thin: z.object({ reason: z.string() }).optional(),
});
export type PlanAnswer = z.infer<typeof PlanAnswerSchema>;
