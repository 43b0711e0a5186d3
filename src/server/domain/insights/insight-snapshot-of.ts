import { and, asc, eq } from 'drizzle-orm';
import { keptAnswer } from '../../caches.ts';
import { analysisCustomers } from '../../db/schema/analysis.ts';
import { analysisInsightDays, analysisInsightMovers } from '../../db/schema/insights.ts';
import type { CachedReads } from '../../http/deps.ts';
import { loadAnalysisFacts } from '../analysis-facts/load-analysis-facts.ts';
import {
  analysedWindows,
  computeInsightSnapshot,
  type InsightSnapshot,
  type InsightWindow,
} from '../analysis-facts/write-insight-snapshot.ts';
import type { MetricWindow } from '../metrics/metric-window.ts';

/**
 * The insight snapshot of exactly the window asked (issue #36): the analysis run's own rows when
 * the window is one it computed (the last 7, 30 or 90 days up to its asOf, against the days just
 * before), else computed now from the warehouse's facts by the same functions the run uses
 * (loadAnalysisFacts, computeInsightSnapshot), with the run's RFM segments, and kept per warehouse
 * version, run and window (decision 119): the same question of the same data is answered from
 * memory and concurrent askers share one computation.
 */
export async function insightSnapshotOf(
  reads: CachedReads,
  workspaceId: string,
  run: { id: string; asOf: string },
  window: MetricWindow,
  now: Date,
): Promise<InsightSnapshot> {
  const asked: InsightWindow = {
    period: window.periodDays,
    from: window.start,
    to: window.end,
    previous: { from: window.previousStart, to: window.previousEnd },
  };
  const same = (w: InsightWindow) =>
    w.from === asked.from &&
    w.to === asked.to &&
    w.previous.from === asked.previous.from &&
    w.previous.to === asked.previous.to;
  const analysed = analysedWindows(run.asOf).find(same);
  if (analysed) return readRunSnapshot(reads, run.id, analysed.period);
  const compute = () => computeRangeSnapshot(reads, workspaceId, run.id, asked, now);
  if (window.version === null) return compute();
  const key = `insights/${JSON.stringify([workspaceId, window.version, run.id, asked])}`;
  return keptAnswer(reads.caches.answers, key, compute);
}

async function readRunSnapshot({ db }: CachedReads, runId: string, period: number): Promise<InsightSnapshot> {
  const ofRun = (table: typeof analysisInsightDays | typeof analysisInsightMovers) =>
    and(eq(table.runId, runId), eq(table.period, period));
  const [days, movers] = await Promise.all([
    db
      .select({
        period: analysisInsightDays.period,
        date: analysisInsightDays.date,
        actual: analysisInsightDays.actual,
        expected: analysisInsightDays.expected,
        lo95: analysisInsightDays.lo95,
        hi95: analysisInsightDays.hi95,
      })
      .from(analysisInsightDays)
      .where(ofRun(analysisInsightDays))
      .orderBy(asc(analysisInsightDays.date)),
    db
      .select({
        period: analysisInsightMovers.period,
        dimension: analysisInsightMovers.dimension,
        key: analysisInsightMovers.key,
        label: analysisInsightMovers.label,
        current: analysisInsightMovers.current,
        previous: analysisInsightMovers.previous,
      })
      .from(analysisInsightMovers)
      .where(ofRun(analysisInsightMovers)),
  ]);
  return { days, movers };
}

async function computeRangeSnapshot(
  { db }: CachedReads,
  workspaceId: string,
  runId: string,
  window: InsightWindow,
  now: Date,
): Promise<InsightSnapshot> {
  const [facts, segments] = await Promise.all([
    loadAnalysisFacts(db, workspaceId, now),
    db
      .select({ customerId: analysisCustomers.customerId, segment: analysisCustomers.segment })
      .from(analysisCustomers)
      .where(eq(analysisCustomers.runId, runId)),
  ]);
  if (!facts) return { days: [], movers: [] };
  const segmentOf = new Map(segments.map((s) => [String(s.customerId), s.segment]));
  return computeInsightSnapshot(facts, segmentOf, [window]);
}
