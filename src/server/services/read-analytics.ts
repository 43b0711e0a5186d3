import { and, asc, desc, eq } from 'drizzle-orm';
import type {
  AnalysisStatus,
  AttributionRow,
  CohortPoint,
  CustomerSegment,
  RevenueForecast,
  StockImpactRow,
} from '../../shared/contracts/analytics.ts';
import type { Db } from '../db/client.ts';
import {
  analysisAttributionRows,
  analysisCohortPoints,
  analysisForecastPoints,
  analysisRuns,
  analysisSegments,
  analysisStockRows,
} from '../db/schema/analysis.ts';

/**
 * Reads of the dashboards: always the latest succeeded analysis run of the caller's workspace,
 * one indexed lookup for the run and one primary-key range scan for its rows, so they stay fast
 * at any store size. No run yet → empty answers, never errors.
 */

/** Answers kept in this process: a bound on memory (a few sections of a few dozen workspaces). */
const SNAPSHOT_CACHE_ENTRIES = 512;
const snapshotCache = new Map<string, unknown>();

/**
 * A section of a run's snapshot, read once per process. Honest because a run's snapshot rows are
 * written before it is marked succeeded and never change afterwards; a newer run has a new id, so
 * the cache never serves an outdated answer. Oldest entries leave first.
 */
export async function readSnapshotOnce<T>(
  workspaceId: string,
  runId: string,
  section: string,
  read: () => Promise<T>,
): Promise<T> {
  const key = `${workspaceId}/${runId}/${section}`;
  if (snapshotCache.has(key)) return snapshotCache.get(key) as T;
  const value = await read();
  if (snapshotCache.size >= SNAPSHOT_CACHE_ENTRIES) {
    const oldest = snapshotCache.keys().next();
    if (!oldest.done) snapshotCache.delete(oldest.value);
  }
  snapshotCache.set(key, value);
  return value;
}

export interface LatestRun {
  id: string;
  asOf: string | null;
  currencyCode: string | null;
  finishedAt: Date | null;
  forecastAccuracy: Record<string, unknown> | null;
  diagnostics: Record<string, unknown>;
}

export async function findLatestRun(db: Db, workspaceId: string): Promise<LatestRun | null> {
  const [run] = await db
    .select({
      id: analysisRuns.id,
      asOf: analysisRuns.asOf,
      currencyCode: analysisRuns.currencyCode,
      finishedAt: analysisRuns.finishedAt,
      forecastAccuracy: analysisRuns.forecastAccuracy,
    })
    .from(analysisRuns)
    .where(and(eq(analysisRuns.workspaceId, workspaceId), eq(analysisRuns.status, 'succeeded')))
    .orderBy(desc(analysisRuns.finishedAt))
    .limit(1);
  if (!run) return null;
  // The diagnostics JSON is large at scale and fixed once the run succeeded: read it once per run,
  // not on every poll of every endpoint.
  const diagnostics = await readSnapshotOnce(workspaceId, run.id, 'diagnostics', async () => {
    const [row] = await db
      .select({ diagnostics: analysisRuns.diagnostics })
      .from(analysisRuns)
      .where(eq(analysisRuns.id, run.id));
    return row?.diagnostics ?? {};
  });
  return { ...run, diagnostics };
}

export async function readRevenueForecast(db: Db, workspaceId: string): Promise<RevenueForecast> {
  const run = await findLatestRun(db, workspaceId);
  if (!run) return { currency: null, asOf: null, history: [], forecast: [], model: null, backtest: null };
  return readSnapshotOnce(workspaceId, run.id, 'revenue-forecast', () => readForecastOfRun(db, run));
}

async function readForecastOfRun(db: Db, run: LatestRun): Promise<RevenueForecast> {
  const rows = await db
    .select()
    .from(analysisForecastPoints)
    .where(eq(analysisForecastPoints.runId, run.id))
    .orderBy(asc(analysisForecastPoints.kind), asc(analysisForecastPoints.date));
  const accuracy = run.forecastAccuracy as {
    model?: string;
    origins?: number;
    horizon?: number;
    accuracy?: { mase: number; smape: number; wape: number } | null;
    seasonalNaive?: { mase: number; smape: number; wape: number } | null;
    weekdayMean?: { mase: number; smape: number; wape: number } | null;
  } | null;
  return {
    currency: run.currencyCode,
    asOf: run.asOf,
    history: rows.filter((r) => r.kind === 'history').map((r) => ({ date: r.date, value: r.value })),
    forecast: rows
      .filter((r) => r.kind === 'forecast')
      .map((r) => ({
        date: r.date,
        value: r.value,
        lo80: r.lo80 ?? r.value,
        hi80: r.hi80 ?? r.value,
        lo95: r.lo95 ?? r.value,
        hi95: r.hi95 ?? r.value,
        closed: r.closed,
      })),
    model: accuracy?.model ?? null,
    backtest: accuracy
      ? {
          origins: accuracy.origins ?? 0,
          horizon: accuracy.horizon ?? 0,
          model: accuracy.accuracy ?? null,
          seasonalNaive: accuracy.seasonalNaive ?? null,
          weekdayMean: accuracy.weekdayMean ?? null,
        }
      : null,
  };
}

export async function readCustomerSegments(db: Db, workspaceId: string): Promise<CustomerSegment[]> {
  const run = await findLatestRun(db, workspaceId);
  if (!run) return [];
  return readSnapshotOnce(workspaceId, run.id, 'customer-segments', async () => {
    const rows = await db
      .select()
      .from(analysisSegments)
      .where(eq(analysisSegments.runId, run.id))
      .orderBy(asc(analysisSegments.position));
    return rows
      .filter((r) => r.customers > 0)
      .map((r) => ({
        segment: r.segment,
        count: r.customers,
        growthRate: r.growthRate,
        revenue: r.revenue,
        orders: r.orders,
        averageProbabilityAlive: r.averageProbabilityAlive,
        averageClv: r.averageClv,
      }));
  });
}

export async function readCohortRetention(db: Db, workspaceId: string): Promise<CohortPoint[]> {
  const run = await findLatestRun(db, workspaceId);
  if (!run) return [];
  return readSnapshotOnce(workspaceId, run.id, 'cohort-retention', async () => {
    const rows = await db
      .select()
      .from(analysisCohortPoints)
      .where(eq(analysisCohortPoints.runId, run.id))
      .orderBy(asc(analysisCohortPoints.week));
    return rows.map((r) => ({
      week: r.week,
      retentionRate: r.retentionRate,
      cohorts: r.cohorts,
      customers: r.customers,
    }));
  });
}

export async function readAttribution(db: Db, workspaceId: string): Promise<AttributionRow[]> {
  const run = await findLatestRun(db, workspaceId);
  if (!run) return [];
  return readSnapshotOnce(workspaceId, run.id, 'attribution', async () => {
    const rows = await db
      .select()
      .from(analysisAttributionRows)
      .where(eq(analysisAttributionRows.runId, run.id))
      .orderBy(desc(analysisAttributionRows.revenue));
    return rows.map((r) => ({
      channel: r.channel,
      matchRate: r.matchRate,
      revenue: r.revenue,
      roas: r.roas,
      opportunity: r.opportunity,
      spend: r.spend,
      platformRevenue: r.platformRevenue,
    }));
  });
}

export async function readStockImpact(db: Db, workspaceId: string): Promise<StockImpactRow[]> {
  const run = await findLatestRun(db, workspaceId);
  if (!run) return [];
  return readSnapshotOnce(workspaceId, run.id, 'stock-impact', async () => {
    const rows = await db
      .select()
      .from(analysisStockRows)
      .where(eq(analysisStockRows.runId, run.id))
      .orderBy(desc(analysisStockRows.estimatedLoss));
    return rows.map((r) => ({
      product: r.product,
      status: r.status,
      estimatedLoss: r.estimatedLoss,
      available: r.available,
      daysOfCover: r.daysOfCover,
      outOfStockDays: r.outOfStockDays,
      baselineHadStockouts: r.baselineHadStockouts,
    }));
  });
}

export async function readAnalysisStatus(db: Db, workspaceId: string): Promise<AnalysisStatus> {
  const [last] = await db
    .select()
    .from(analysisRuns)
    .where(eq(analysisRuns.workspaceId, workspaceId))
    .orderBy(desc(analysisRuns.startedAt))
    .limit(1);
  const succeeded = await findLatestRun(db, workspaceId);
  const lifetime = (succeeded?.diagnostics as { lifetime?: { status?: string } } | undefined)?.lifetime;
  const noData = (succeeded?.diagnostics as { status?: string } | undefined)?.status === 'no_data';
  return {
    lastRun: last
      ? {
          id: last.id,
          status: last.status,
          startedAt: last.startedAt.toISOString(),
          finishedAt: last.finishedAt?.toISOString() ?? null,
          asOf: last.asOf,
          durationMs: last.durationMs,
          error: last.error,
        }
      : null,
    lastSucceededAt: succeeded?.finishedAt?.toISOString() ?? null,
    running: last?.status === 'running',
    hasData: succeeded !== null && !noData,
    lifetimeModel: lifetime?.status ?? null,
  };
}
