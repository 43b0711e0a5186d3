import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { fromDayNumber } from '../../../core/dates/from-day-number.ts';
import { toDayNumber } from '../../../core/dates/to-day-number.ts';
import { describeAttributionGaps } from '../../../core/insights/describe-attribution-gaps.ts';
import { describeMovers, type MoverDimension } from '../../../core/insights/describe-movers.ts';
import { describeRevenueAnomalies } from '../../../core/insights/describe-revenue-anomalies.ts';
import { describeSegmentShifts } from '../../../core/insights/describe-segment-shifts.ts';
import { describeStockouts } from '../../../core/insights/describe-stockouts.ts';
import { rankInsights } from '../../../core/insights/rank-insights.ts';
import type { InsightContext } from '../../../core/insights/types.ts';
import { addDays } from '../../../shared/calendar.ts';
import type { InsightsResponse } from '../../../shared/contracts/insights.ts';
import { comparisonHasData, type DayRangeRequest } from '../../../shared/day-range.ts';
import { queryRows } from '../../db/query-rows.ts';
import { analysisAttributionRows, analysisSegments, analysisStockRows } from '../../db/schema/analysis.ts';
import { analysisInsightDays, analysisInsightMovers } from '../../db/schema/insights.ts';
import type { CachedReads } from '../../http/deps.ts';
import { INSIGHT_PERIODS } from '../analysis/write-insight-snapshot.ts';
import { findLatestRun } from '../analytics/read-analytics.ts';
import { readMetricWindow } from '../metrics/metric-window.ts';

const ShopRow = z.object({ iana_timezone: z.string() });

/**
 * The AI Insights page: the latest analysis run's insight snapshot for the period, turned into
 * ranked narrative cards by the core's insight functions (computed from the store's data by
 * Upside's models; no outside service). No run yet → an empty answer, never an error.
 */
export async function readInsights(
  reads: CachedReads,
  workspaceId: string,
  request: DayRangeRequest,
  now: Date,
): Promise<InsightsResponse> {
  const { db } = reads;
  const [run, window] = await Promise.all([
    findLatestRun(reads, workspaceId),
    readMetricWindow(db, workspaceId, request, now, 'previous_period'),
  ]);
  const periodDays = analysedPeriodOf(window?.periodDays ?? request.period ?? 30);
  const empty: InsightsResponse = {
    period: periodDays,
    currency: run?.currencyCode ?? null,
    timeZone: null,
    asOf: run?.asOf ?? null,
    periodStart: null,
    from: null,
    to: null,
    comparison: null,
    rangeNote: null,
    analysedAt: run?.finishedAt?.toISOString() ?? null,
    revenue: null,
    revenueDays: [],
    insights: [],
  };
  if (!run?.asOf || !run.currencyCode) return empty;
  const ofRun = (table: typeof analysisInsightDays | typeof analysisInsightMovers) =>
    and(eq(table.runId, run.id), eq(table.period, periodDays));
  const [shop] = await queryRows(
    db,
    ShopRow,
    sql`SELECT iana_timezone FROM wh_shops WHERE workspace_id = ${workspaceId}`,
  );
  const days = await db
    .select({
      date: analysisInsightDays.date,
      actual: analysisInsightDays.actual,
      expected: analysisInsightDays.expected,
      lo95: analysisInsightDays.lo95,
      hi95: analysisInsightDays.hi95,
    })
    .from(analysisInsightDays)
    .where(ofRun(analysisInsightDays))
    .orderBy(asc(analysisInsightDays.date));
  const movers = await db.select().from(analysisInsightMovers).where(ofRun(analysisInsightMovers));
  const segments = await db.select().from(analysisSegments).where(eq(analysisSegments.runId, run.id));
  const stock = await db.select().from(analysisStockRows).where(eq(analysisStockRows.runId, run.id));
  const attribution = await db
    .select()
    .from(analysisAttributionRows)
    .where(eq(analysisAttributionRows.runId, run.id));

  const store = movers.find((m) => m.dimension === 'store');
  const revenue = store ? { current: store.current, previous: store.previous } : { current: 0, previous: 0 };
  const context: InsightContext = {
    currency: run.currencyCode,
    periodDays,
    periodRevenue: revenue.current,
  };
  const of = (dimension: MoverDimension) => movers.filter((m) => m.dimension === dimension);
  const insights = rankInsights([
    ...describeRevenueAnomalies(days, context),
    ...describeMovers(of('product'), 'product', context),
    ...describeMovers(of('channel'), 'channel', context),
    ...describeMovers(of('segment'), 'segment', context),
    ...describeSegmentShifts(segments, context),
    ...describeStockouts(stock, context),
    ...describeAttributionGaps(attribution, context),
  ]);
  const periodStart = fromDayNumber(toDayNumber(run.asOf) - periodDays + 1);
  const before = { from: addDays(periodStart, -periodDays), to: addDays(periodStart, -1) };
  const exact = window !== null && window.start === periodStart && window.end === run.asOf;
  return {
    ...empty,
    timeZone: shop?.iana_timezone ?? null,
    periodStart,
    from: periodStart,
    to: run.asOf,
    comparison:
      window?.comparison === null || !window
        ? null
        : {
            compare: 'previous_period',
            ...before,
            hasData: comparisonHasData(before, window.firstDay),
            firstDataDay: window.firstDay,
          },
    rangeNote:
      exact || !window
        ? null
        : `The daily analysis computes insights for the last 7, 30 or 90 complete days; shown: the ${periodDays} days ${periodStart} to ${run.asOf}, the nearest to ${window.start} to ${window.end}.`,
    revenue,
    revenueDays: days,
    insights,
  };
}

/** The analysed period (7, 30 or 90 days) nearest to a range's length. */
function analysedPeriodOf(days: number): number {
  let best: number = INSIGHT_PERIODS[0];
  for (const period of INSIGHT_PERIODS) if (Math.abs(period - days) < Math.abs(best - days)) best = period;
  return best;
}
