import { z } from 'zod';
import { isShopDay } from '../calendar.ts';
import { CurrencySchema, MoneySchema } from '../money.ts';
import { ProfitCoverageSchema } from './profit.ts';

/**
 * One fact behind an opportunity: an amount (`unit: 'currency'`, its value `MoneySchema` in the
 * opportunity's `currency`, decision 171), or a number with another unit, or text.
 */
export const EvidenceFactSchema = z.union([
  z.object({ label: z.string(), value: MoneySchema, unit: z.literal('currency') }),
  z.object({
    label: z.string(),
    value: z.union([z.number(), z.string()]),
    unit: z.enum(['percent', 'count', 'days', 'ratio', 'text']).optional(),
  }),
]);

export const OpportunityEvidenceSchema = z.object({
  method: z.string(),
  facts: z.array(EvidenceFactSchema),
});

export const OpportunityPrioritySchema = z.enum(['high', 'medium', 'low']);
export type OpportunityPriority = z.infer<typeof OpportunityPrioritySchema>;

/**
 * An opportunity (spec §3): id, type (snake_case), title, description, priority, revenue impact
 * range (`currency`, next 30 days unless the evidence says otherwise), confidenceScore 0–1,
 * effortLevel; plus status, implementation, baseline and the realised change measured since.
 */
export const OpportunitySchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  description: z.string(),
  priority: OpportunityPrioritySchema,
  /** Spec §3: "numbers or numeric strings" — `MoneySchema` strings (decision 170). */
  revenueImpactMin: MoneySchema,
  revenueImpactMax: MoneySchema,
  /**
   * Beyond spec §3 (issue #36): what the impact range is. `revenue`: sales the action should add;
   * `savings`: spend the action saves (cutting an ad's spend) — shown as "Savings", never summed
   * into the potential revenue.
   */
  impactKind: z.enum(['revenue', 'savings']),
  /**
   * Beyond spec §3 (issue #13, decision 026): the contribution (before marketing) the action should
   * add over the same 30 days, shop currency; null when the store's contribution is unknown.
   */
  profitImpactMin: MoneySchema.nullable(),
  profitImpactMax: MoneySchema.nullable(),
  /** The action would lose money: listed with `profitNote` saying why, never ranked above low. */
  losesMoney: z.boolean(),
  profitNote: z.string().nullable(),
  /**
   * The cost coverage the profit impact rests on: the campaign's credited orders for a campaign
   * action, the store's units over the detectors' 30 days otherwise. Below full, the profit impact
   * is partly estimated (default margin). Null without a profit impact or before the next analysis.
   */
  profitCoverage: ProfitCoverageSchema.nullable(),
  confidenceScore: z.number().min(0).max(1),
  effortLevel: z.string(),
  status: z.enum(['open', 'implemented', 'dismissed']),
  currency: z.string(),
  evidence: OpportunityEvidenceSchema,
  firstDetectedAt: z.string(),
  lastDetectedAt: z.string(),
  implementedAt: z.string().nullable(),
  /** Tracked 30-day metric (what implementing should move) at implementation. */
  baselineValue: MoneySchema.nullable(),
  metricLabel: z.string(),
  /** Tracked metric now minus the baseline; null until a later analysis run measured it. */
  realisedImpact: MoneySchema.nullable(),
  /**
   * The tracked metric at that measurement: baseline + realised change, summed in minor units on
   * the server (a page never adds amounts); null until measured or without a baseline.
   */
  measuredValue: MoneySchema.nullable(),
  realisedMeasuredAt: z.string().nullable(),
  /** A snoozed opportunity is listed again from this instant; null when not snoozed (issue #36). */
  snoozedUntil: z.string().nullable(),
});
export type Opportunity = z.infer<typeof OpportunitySchema>;

export const OpportunityListSchema = z.array(OpportunitySchema);

/** `?sort=revenue` (default: largest upper revenue impact first) or `profit` (upper profit impact). */
export const OpportunitySortSchema = z.enum(['revenue', 'profit']);
export type OpportunitySort = z.infer<typeof OpportunitySortSchema>;
export const OpportunityListQuerySchema = z.object({ sort: OpportunitySortSchema.default('revenue') });

export const StatsPeriodSchema = z.enum(['7', '30', '90']);
export const OpportunityStatsQuerySchema = z.object({ period: StatsPeriodSchema.default('30') });

/** Opportunity stats (spec §3, design §6). confidenceScore and implementationRate are percents 0–100. */
export const OpportunityStatsSchema = z.object({
  /**
   * Σ upper revenue impact of the open opportunities whose impact is revenue (not savings): each
   * opportunity's rounded once to the minor unit, summed exactly (decision 160).
   */
  totalPotential: MoneySchema,
  /** Σ upper savings of the open opportunities that save spend (issue #36): never revenue. */
  totalSavings: MoneySchema,
  /** The shop currency of both amounts (the latest analysis run's; USD before any run). */
  currency: CurrencySchema,
  highPriorityCount: z.number().int(),
  confidenceScore: z.number().min(0).max(100),
  implementationRate: z.number().min(0).max(100),
  period: z.number().int(),
  detectedInPeriod: z.number().int(),
  implementedInPeriod: z.number().int(),
});
export type OpportunityStats = z.infer<typeof OpportunityStatsSchema>;

export const OpportunityIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/**
 * `POST /api/opportunities/:id/dismiss` (issue #36): without `until` the opportunity leaves the list
 * until restored; with `until` (a shop day after today, within a year) it is snoozed and listed
 * again from the start of that day in the shop's time zone.
 */
export const DismissOpportunityBodySchema = z
  .object({ until: z.string().refine(isShopDay, 'expected a day as YYYY-MM-DD').optional() })
  .strict();
export type DismissOpportunityBody = z.infer<typeof DismissOpportunityBodySchema>;
