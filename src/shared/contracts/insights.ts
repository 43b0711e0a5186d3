import { z } from 'zod';
import { MoneySchema } from '../money.ts';
import { DayRangeQuerySchema, rangeWindowFields } from './date-range.ts';

/** `from`/`to` or `period` (issue #36), and `compare`: the insights speak of exactly that window. */
export const InsightsQuerySchema = DayRangeQuerySchema;

export const InsightKindSchema = z.enum([
  'revenue_anomaly',
  'product_mover',
  'channel_mover',
  'segment_mover',
  'segment_shift',
  'stockout',
  'attribution_gap',
]);
export type InsightKind = z.infer<typeof InsightKindSchema>;

/**
 * One number (or text) behind an insight: an amount (`unit: 'currency'`) is `MoneySchema` in the
 * response's shop currency (decision 171); other units keep their number.
 */
export const InsightEvidenceSchema = z.union([
  z.object({ label: z.string(), value: MoneySchema, unit: z.literal('currency') }),
  z.object({
    label: z.string(),
    value: z.union([z.number(), z.string()]),
    unit: z.enum(['percent', 'count', 'days', 'date', 'text']),
  }),
]);
export type InsightEvidence = z.infer<typeof InsightEvidenceSchema>;

/**
 * A narrative insight computed from the store's data by Upside's models (no external AI service):
 * a one-sentence narrative built from the numbers, its severity (how much revenue is at stake against
 * the period's revenue), tone (good or bad news), the evidence and the page that shows more.
 */
export const InsightSchema = z.object({
  id: z.string(),
  kind: InsightKindSchema,
  severity: z.enum(['high', 'medium', 'low']),
  tone: z.enum(['negative', 'positive', 'neutral']),
  title: z.string(),
  narrative: z.string(),
  /** Money at stake (absolute, shop currency): what the ranking uses after severity. */
  impact: MoneySchema,
  evidence: z.array(InsightEvidenceSchema),
  link: z.object({ href: z.string(), label: z.string() }),
});
export type Insight = z.infer<typeof InsightSchema>;

/** One day of the period beside the forecast made before the period (95 % band). */
export const RevenueCheckDaySchema = z.object({
  date: z.string(),
  actual: MoneySchema,
  expected: MoneySchema,
  lo95: MoneySchema,
  hi95: MoneySchema,
});
export type RevenueCheckDay = z.infer<typeof RevenueCheckDaySchema>;

/** GET /api/insights?from&to&compare (or period=7|30|90) — everything the AI Insights page shows. */
export const InsightsResponseSchema = z.object({
  period: z.number().int(),
  currency: z.string().nullable(),
  /** The shop's IANA time zone: every date here is a calendar day in it. */
  timeZone: z.string().nullable(),
  asOf: z.string().nullable(),
  periodStart: z.string().nullable(),
  /**
   * The window asked (periodStart–asOf) and what its movers are compared with (the days just
   * before unless `compare=previous_year`; with `compare=none` the movers still compare with the
   * days just before, and `comparison` is null).
   */
  ...rangeWindowFields,
  analysedAt: z.string().nullable(),
  /** Net revenue (orders on their day, refunds on theirs) of the period and of the one before. */
  revenue: z.object({ current: MoneySchema, previous: MoneySchema }).nullable(),
  /** The forecast check; empty when the history before the period is too short for a forecast. */
  revenueDays: z.array(RevenueCheckDaySchema),
  insights: z.array(InsightSchema),
});
export type InsightsResponse = z.infer<typeof InsightsResponseSchema>;
