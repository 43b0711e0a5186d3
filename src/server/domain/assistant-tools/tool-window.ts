import { z } from 'zod';
import { daysBetween } from '../../../shared/calendar.ts';
import { ProfitDaySchema, refineProfitRange } from '../../../shared/contracts/profit.ts';
import type { DayRangeRequest } from '../../../shared/day-range.ts';
import { type MetricWindow, readMetricWindow } from '../metrics/metric-window.ts';
import { invalidArguments, type ToolContext, type ToolWindow } from './tool-definition.ts';

/**
 * The inputs of tools over a range of shop days: `from`..`to` inclusive, in the shop's time zone,
 * running forwards and at most three years long (the same rules as GET /api/profit, named on `to`).
 */
const day = (what: string) => ProfitDaySchema.describe(`${what} shop day, YYYY-MM-DD (shop time zone)`);

const DAY_RANGE_SHAPE = { from: day('First'), to: day('Last') };

/** A required range plus the tool's own fields. */
export function rangeInput<T extends z.ZodRawShape>(shape: T) {
  return z
    .strictObject({ ...DAY_RANGE_SHAPE, ...shape })
    .superRefine((value, context) => refineProfitRange(value as { from: string; to: string }, context));
}

/** The periods the period-based pages compute today (the Dashboard's 7 / 30 / 90 days). */
const PERIOD_DAYS = [7, 30, 90] as const;
const DEFAULT_PERIOD_DAYS = 30;

/**
 * An optional range for the tools whose page computes the last 7, 30 or 90 complete shop days
 * (compared with as many days before): both `from` and `to` or neither (then the last 30 days).
 */
export function periodInput<T extends z.ZodRawShape>(shape: T) {
  return z
    .strictObject({ from: day('First').optional(), to: day('Last').optional(), ...shape })
    .superRefine((value, context) => {
      const range = value as { from?: string; to?: string };
      if ((range.from === undefined) !== (range.to === undefined)) {
        const missing = range.from === undefined ? 'from' : 'to';
        context.addIssue({ code: 'custom', path: [missing], message: 'give both from and to, or neither' });
      } else if (range.from !== undefined && range.to !== undefined) {
        refineProfitRange({ from: range.from, to: range.to }, context);
      }
    });
}

/** The window of a period-based read, checked against the range asked for. */
export interface ResolvedPeriod {
  periodDays: number;
  window: MetricWindow | null;
}

/** The page's period (7, 30 or 90 days) for `from`..`to` (30 without them), else -32602 naming `from`. */
export function periodDaysOf(
  tool: string,
  range: { from?: string | undefined; to?: string | undefined },
): number {
  const asked = range.from && range.to ? daysBetween(range.from, range.to) + 1 : DEFAULT_PERIOD_DAYS;
  if (!(PERIOD_DAYS as readonly number[]).includes(asked))
    throw invalidArguments(tool, [
      {
        field: 'from',
        message: `this figure is computed over the last 7, 30 or 90 shop days; got ${asked} days`,
      },
    ]);
  return asked;
}

/** -32602 naming `to` when the range asked for does not end where the page's window ends. */
export function checkPeriodEnd(
  tool: string,
  range: { to?: string | undefined },
  window: { start: string; end: string } | null,
): void {
  if (!window || range.to === undefined || range.to === window.end) return;
  const days = daysBetween(window.start, window.end) + 1;
  throw invalidArguments(tool, [
    {
      field: 'to',
      message: `this figure's ${days}-day window ends on ${window.end}: ask for from ${window.start} to ${window.end}`,
    },
  ]);
}

/**
 * The page's period for `from`..`to`: 7, 30 or 90 days ending on the last complete shop day (the
 * window every period read shares, metrics/metric-window.ts); otherwise -32602 naming the field
 * and the window that is available, so a model can ask again.
 */
export async function resolvePeriod(
  tool: string,
  { deps, principal }: ToolContext,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<ResolvedPeriod> {
  const periodDays = periodDaysOf(tool, range);
  const window = await readMetricWindow(deps.db, principal.workspaceId, periodDays, deps.clock());
  checkPeriodEnd(tool, range, window);
  return { periodDays, window };
}

/** A range read: what to ask the page's reader, its query string, and the window it covers. */
export interface ResolvedRange {
  request: DayRangeRequest;
  query: string;
  window: MetricWindow | null;
}

/**
 * For the tools whose page takes any range (issue #36: `from`/`to` like the page's endpoint):
 * `from`..`to` as asked, else the last 30 complete shop days; compared with as many days before.
 */
export async function resolveRange(
  { deps, principal }: ToolContext,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<ResolvedRange> {
  const request: DayRangeRequest =
    range.from && range.to ? { from: range.from, to: range.to } : { period: DEFAULT_PERIOD_DAYS };
  const query =
    range.from && range.to ? `from=${range.from}&to=${range.to}` : `period=${DEFAULT_PERIOD_DAYS}`;
  const window = await readMetricWindow(deps.db, principal.workspaceId, request, deps.clock());
  return { request, query, window };
}

/** The window a period read covered, as tools state it. */
export function periodWindow(window: MetricWindow | null): ToolWindow | null {
  if (!window) return null;
  return {
    from: window.start,
    to: window.end,
    previousFrom: window.previousStart,
    previousTo: window.previousEnd,
    timeZone: window.timeZone,
  };
}
