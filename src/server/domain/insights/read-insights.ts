import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { describeAttributionGaps } from '../../../core/insights/describe-attribution-gaps.ts';
import { describeMovers, type MoverDimension } from '../../../core/insights/describe-movers.ts';
import { describeRevenueAnomalies } from '../../../core/insights/describe-revenue-anomalies.ts';
import { describeSegmentShifts } from '../../../core/insights/describe-segment-shifts.ts';
import { describeStockouts } from '../../../core/insights/describe-stockouts.ts';
import { rankInsights } from '../../../core/insights/rank-insights.ts';
import type { InsightContext } from '../../../core/insights/types.ts';
import type { InsightsResponse } from '../../../shared/contracts/insights.ts';
import type { DayRangeRequest } from '../../../shared/day-range.ts';
import { currencyDigitsOf, majorToDecimal, moneyFact } from '../../../shared/money.ts';
import { queryRows } from '../../db/query-rows.ts';
import { analysisAttributionRows, analysisSegments, analysisStockRows } from '../../db/schema/analysis.ts';
import type { CachedReads } from '../../http/deps.ts';
import { findLatestRun } from '../analysis-runs/read-analytics.ts';
import { readMetricWindow } from '../metrics/metric-window.ts';
import { insightSnapshotOf } from './insight-snapshot-of.ts';

const ShopRow = z.object({ iana_timezone: z.string() });

/**
 * The AI Insights page over exactly the window asked (issue #36: `from`/`to`/`compare`, or the
 * last `period` complete days): the revenue check and the movers of that window against its
 * comparison (insight-snapshot-of.ts), and the latest analysis run's segment shifts, stock-outs
 * and attribution gaps, turned into ranked narrative cards by the core's insight functions
 * (computed from the store's data by Upside's models; no outside service). No run yet → an empty
 * answer, never an error.
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
  const empty: InsightsResponse = {
    period: window?.periodDays ?? request.period ?? 30,
    currency: run?.currencyCode ?? null,
    timeZone: window?.timeZone ?? null,
    asOf: null,
    periodStart: null,
    from: null,
    to: null,
    comparison: null,
    analysedAt: run?.finishedAt?.toISOString() ?? null,
    revenue: null,
    revenueDays: [],
    insights: [],
  };
  if (!run?.asOf || !run.currencyCode || !window) return empty;
  const [snapshot, [shop], segments, stock, attribution] = await Promise.all([
    insightSnapshotOf(reads, workspaceId, { id: run.id, asOf: run.asOf }, window, now),
    queryRows(db, ShopRow, sql`SELECT iana_timezone FROM wh_shops WHERE workspace_id = ${workspaceId}`),
    db.select().from(analysisSegments).where(eq(analysisSegments.runId, run.id)),
    db.select().from(analysisStockRows).where(eq(analysisStockRows.runId, run.id)),
    db.select().from(analysisAttributionRows).where(eq(analysisAttributionRows.runId, run.id)),
  ]);
  const { movers, days } = snapshot;
  const store = movers.find((m) => m.dimension === 'store');
  const revenue = store ? { current: store.current, previous: store.previous } : { current: 0, previous: 0 };
  // "The last N days" only when that is what was asked; any other range is named by its days.
  const lastDays = request.from === undefined && window.comparison?.compare !== 'previous_year';
  const context: InsightContext = {
    currency: run.currencyCode,
    periodDays: window.periodDays,
    periodRevenue: revenue.current,
    ...(lastDays
      ? {}
      : {
          rangeLabels: {
            current: `${window.start} to ${window.end}`,
            previous: `${window.previousStart} to ${window.previousEnd}`,
          },
        }),
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
  const digits = currencyDigitsOf(run.currencyCode);
  const money = (major: number) => majorToDecimal(major, digits);
  return {
    ...empty,
    timeZone: shop?.iana_timezone ?? window.timeZone,
    asOf: window.end,
    periodStart: window.start,
    from: window.start,
    to: window.end,
    comparison: window.comparison,
    revenue: { current: money(revenue.current), previous: money(revenue.previous) },
    revenueDays: days.map(({ date, actual, expected, lo95, hi95 }) => ({
      date,
      actual: money(actual),
      expected: money(expected),
      lo95: money(lo95),
      hi95: money(hi95),
    })),
    insights: insights.map((insight) => ({
      ...insight,
      impact: money(insight.impact),
      evidence: insight.evidence.map((e) =>
        e.unit === 'currency' ? moneyFact(e, digits) : { label: e.label, value: e.value, unit: e.unit },
      ),
    })),
  };
}
