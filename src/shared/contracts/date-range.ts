import { z } from 'zod';
import type { DayRangeRequest } from '../day-range.ts';
import { PROFIT_COMPARISONS, ProfitDaySchema, refineProfitRange } from './profit.ts';

/**
 * The one date-range input of the analytics endpoints (issue #36): `from` and `to` (shop days
 * 'YYYY-MM-DD', inclusive, at most three years apart), or `period` (7, 30 or 90: the last N
 * complete shop days, ending yesterday in the shop's time zone) as the shorthand; and `compare`.
 */

export const RANGE_COMPARISONS = [...PROFIT_COMPARISONS, 'none'] as const;

/** The query fields, to spread into an endpoint's own query object. */
export const dayRangeQueryFields = {
  period: z.enum(['7', '30', '90']).optional(),
  from: ProfitDaySchema.optional(),
  to: ProfitDaySchema.optional(),
  /** previous_period, previous_year (364 days back: weekdays aligned) or none. */
  compare: z.enum(RANGE_COMPARISONS).optional(),
};

/** `from` and `to` come together, run forwards and span at most three years (each issue names its field). */
export function refineDayRangeQuery(
  query: { from?: string | undefined; to?: string | undefined },
  context: z.RefinementCtx,
): void {
  if (query.from !== undefined && query.to === undefined) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'required with from' });
  } else if (query.to !== undefined && query.from === undefined) {
    context.addIssue({ code: 'custom', path: ['from'], message: 'required with to' });
  } else if (query.from !== undefined && query.to !== undefined) {
    refineProfitRange({ from: query.from, to: query.to }, context);
  }
}

export const DayRangeQuerySchema = z.object(dayRangeQueryFields).superRefine(refineDayRangeQuery);
export type DayRangeQuery = z.infer<typeof DayRangeQuerySchema>;

/** The request a validated query makes (period as a number of days). */
export function dayRangeRequestOf(query: DayRangeQuery): DayRangeRequest {
  return {
    from: query.from,
    to: query.to,
    period: query.period === undefined ? undefined : Number(query.period),
    compare: query.compare,
  };
}

/**
 * The range a comparison covers; `hasData` is false when it ends before the shop's first day with
 * data (`firstDataDay`), and its figures are then not shown as zeros.
 */
export const RangeComparisonSchema = z.object({
  compare: z.enum(PROFIT_COMPARISONS),
  from: z.string(),
  to: z.string(),
  hasData: z.boolean(),
  firstDataDay: z.string().nullable(),
});
export type RangeComparison = z.infer<typeof RangeComparisonSchema>;

/** Every ranged answer states its window (null before a shop with data is synced) and comparison. */
export const rangeWindowFields = {
  from: z.string().nullable(),
  to: z.string().nullable(),
  comparison: RangeComparisonSchema.nullable(),
};
