import { and, asc, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import { classifyStock } from '../../../core/stockout/classify-stock.ts';
import type {
  AnalysisStatus,
  CohortPoint,
  CustomerSegment,
  RevenueForecast,
  StockImpactRow,
} from '../../../shared/contracts/analytics.ts';
import { currencyDigitsOf, majorToDecimal } from '../../../shared/money.ts';
import { type AppCaches, keptAnswer } from '../../caches.ts';
import type { Db } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared-once.ts';
import { queryRows } from '../../db/query-rows.ts';
import {
  analysisCohortPoints,
  analysisForecastPoints,
  analysisRuns,
  analysisSegments,
  analysisStockRows,
  opportunities,
} from '../../db/schema/analysis.ts';
import { sessions, teamMembers, workspaces } from '../../db/schema/auth.ts';
import type { CachedReads } from '../../http/deps.ts';
import {
  liveSession,
  type SessionPrincipal,
  sessionTokenHash,
} from '../../platform/session/manage-sessions.ts';
import { memberOfStoreTeam, membershipColumns, principalOf } from '../../platform/session/membership.ts';

/**
 * Reads of the dashboards: always the latest succeeded analysis run of the caller's workspace,
 * one indexed lookup for the run and one primary-key range scan for its rows, so they stay fast
 * at any store size. No run yet → empty answers, never errors.
 */

/**
 * A section of a run's snapshot, read once per app. Honest because a run's snapshot rows are
 * written before it is marked succeeded and never change afterwards; a newer run has a new id, so
 * the cache never serves an outdated answer. Least recently used entries leave first. An answer
 * that also depends on the time passes `holds`, which says whether the kept value is still the
 * answer now.
 */
export function readSnapshotOnce<T>(
  caches: AppCaches,
  workspaceId: string,
  runId: string,
  section: string,
  read: () => Promise<T>,
  holds?: (value: T) => boolean,
): Promise<T> {
  return keptAnswer(caches.answers, `${workspaceId}/${runId}/${section}`, read, holds);
}

export interface LatestRun {
  id: string;
  asOf: string | null;
  currencyCode: string | null;
  finishedAt: Date | null;
  forecastAccuracy: Record<string, unknown> | null;
  diagnostics: Record<string, unknown>;
}

/**
 * The id of the workspace's latest succeeded run, as a scalar subquery (analysis_runs_latest_idx).
 * Correlated subqueries name their own table by an alias: drizzle's single-table select renders
 * columns without their table, so `${analysisRuns.workspaceId} = ${sessions.workspaceId}` would
 * compare the subquery's column with itself and match every workspace's runs.
 */
function latestRunIdOf(workspaceId: SQLWrapper): SQL<string | null> {
  return sql`(SELECT run.id FROM ${analysisRuns} AS run
    WHERE run.workspace_id = ${workspaceId} AND run.status = 'succeeded'
    ORDER BY run.finished_at DESC LIMIT 1)`;
}

/**
 * The opportunity list's version between runs: Implement, dismiss and restore change it (the
 * implemented count, the latest implementation and status change), and so does a snooze passing
 * (the count of snoozes still running). opportunities_status_idx narrows it to the workspace.
 */
function implementedVersionOf(workspaceId: SQLWrapper): SQL<string> {
  return sql`(SELECT count(*) FILTER (WHERE listed.status = 'implemented')
      || '/' || coalesce(max(listed.implemented_at)::text, '')
      || '/' || coalesce(max(listed.status_changed_at)::text, '')
      || '/' || count(*) FILTER (WHERE listed.status = 'dismissed' AND listed.snoozed_until > now())
    FROM ${opportunities} AS listed
    WHERE listed.workspace_id = ${workspaceId})`;
}

const ListVersionRow = z.object({ run_id: z.string().nullable(), implemented: z.string() });

/** The latest succeeded run and the opportunity list's version, in one round trip. */
export async function findListVersion(
  db: Db,
  workspaceId: string,
): Promise<{ runId: string | null; implemented: string }> {
  const id = sql`${workspaceId}::uuid`;
  const [row] = await queryRows(
    db,
    ListVersionRow,
    sql`SELECT ${latestRunIdOf(id)} AS run_id, ${implementedVersionOf(id)} AS implemented`,
  );
  return { runId: row?.run_id ?? null, implemented: row?.implemented ?? '' };
}

/** What a snapshot read needs beside the session: found by the session hook in the same query. */
export interface SessionWithLatestRun {
  principal: SessionPrincipal;
  latestRunId: string | null;
  /** The opportunity list's version (only when asked for). */
  implementedVersion: string | null;
}

/**
 * The live session of the token and its workspace's latest succeeded run (and, for the list, its
 * version) in one query: every dashboard poll needs both, and each round trip costs the server more
 * CPU than the cached answer itself. A named prepared statement (the driver prepares it once per
 * connection by its name), so the database does not parse it again.
 * Null when the token is unknown or expired.
 */
export async function findSessionWithLatestRun(
  db: Db,
  token: string,
  now: Date,
  withImplemented: boolean,
): Promise<SessionWithLatestRun | null> {
  const name = withImplemented ? 'session_with_latest_run_and_list' : 'session_with_latest_run';
  const prepared = preparedOnce(db, name, (handle) => sessionWithLatestRunOf(handle, withImplemented, name));
  const [row] = await prepared.execute({
    tokenHash: sessionTokenHash(token),
    now,
  });
  if (!row) return null;
  return {
    principal: principalOf(row),
    latestRunId: row.runId,
    implementedVersion: row.implemented,
  };
}

/** The session row's workspace, always with its table (see latestRunIdOf). */
const sessionWorkspace = sql`${sessions}.${sql.identifier(sessions.workspaceId.name)}`;

const sessionWithLatestRunOf = (db: Db, withImplemented: boolean, name: string) =>
  db
    .select({
      userId: sessions.userId,
      workspaceId: sessions.workspaceId,
      ...membershipColumns,
      runId: latestRunIdOf(sessionWorkspace),
      implemented: withImplemented ? implementedVersionOf(sessionWorkspace) : sql<string | null>`NULL`,
    })
    .from(sessions)
    .innerJoin(workspaces, eq(workspaces.id, sessions.workspaceId))
    .innerJoin(teamMembers, memberOfStoreTeam(sessions.userId))
    .where(liveSession(sql.placeholder('tokenHash'), sql.placeholder('now')))
    .limit(1)
    .prepare(name);

const LatestRunIdRow = z.object({ id: z.string().nullable() });

export async function findLatestRunId(db: Db, workspaceId: string): Promise<string | null> {
  const [row] = await queryRows(
    db,
    LatestRunIdRow,
    sql`SELECT ${latestRunIdOf(sql`${workspaceId}::uuid`)} AS id`,
  );
  return row?.id ?? null;
}

export async function findLatestRun(reads: CachedReads, workspaceId: string): Promise<LatestRun | null> {
  const id = await findLatestRunId(reads.db, workspaceId);
  return id ? readRunOnce(reads, workspaceId, id) : null;
}

/**
 * A succeeded run's own fields, read once per process: they are all written by the update that
 * marks it succeeded and never change afterwards (the diagnostics JSON is large at scale, so every
 * poll of every endpoint paid for parsing it). Null when the run is gone.
 */
export function readRunOnce(
  { db, caches }: CachedReads,
  workspaceId: string,
  runId: string,
): Promise<LatestRun | null> {
  return readSnapshotOnce(caches, workspaceId, runId, 'run', async () => {
    const [run] = await db
      .select({
        id: analysisRuns.id,
        asOf: analysisRuns.asOf,
        currencyCode: analysisRuns.currencyCode,
        finishedAt: analysisRuns.finishedAt,
        forecastAccuracy: analysisRuns.forecastAccuracy,
        diagnostics: analysisRuns.diagnostics,
      })
      .from(analysisRuns)
      .where(and(eq(analysisRuns.id, runId), eq(analysisRuns.workspaceId, workspaceId)));
    return run ?? null;
  });
}

/** The revenue forecast before any run. */
export const NO_REVENUE_FORECAST: RevenueForecast = {
  currency: null,
  asOf: null,
  history: [],
  forecast: [],
  model: null,
  backtest: null,
  suggestedClosures: [],
  confirmedClosures: [],
};

export async function readRevenueForecastOfRun(db: Db, run: LatestRun): Promise<RevenueForecast> {
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
    suggestedClosures?: RevenueForecast['suggestedClosures'];
    confirmedClosures?: string[];
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
    suggestedClosures: accuracy?.suggestedClosures ?? [],
    confirmedClosures: accuracy?.confirmedClosures ?? [],
  };
}

/**
 * A run's segment snapshot as stored: revenue and mean CLV in major units (float sums of exact
 * amounts), which the customers summary rounds and sums itself.
 */
export interface SegmentSnapshot {
  segment: string;
  count: number;
  growthRate: number | null;
  revenue: number;
  orders: number;
  averageProbabilityAlive: number | null;
  averageClv: number | null;
}

async function readSegmentSnapshotsOfRun(db: Db, run: LatestRun): Promise<SegmentSnapshot[]> {
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
}

/**
 * GET /api/analytics/customer-segments: each segment's revenue and mean CLV rounded once to the
 * minor unit of the run's currency and written as `MoneySchema` (decision 170), as the customers
 * summary rounds them.
 */
export async function readCustomerSegmentsOfRun(db: Db, run: LatestRun): Promise<CustomerSegment[]> {
  const digits = currencyDigitsOf(run.currencyCode ?? 'USD');
  return (await readSegmentSnapshotsOfRun(db, run)).map((s) => ({
    ...s,
    revenue: majorToDecimal(s.revenue, digits),
    averageClv: s.averageClv === null ? null : majorToDecimal(s.averageClv, digits),
  }));
}

/** The latest run's segment snapshots, read once per run (the customers page builds on them). */
export async function readCustomerSegments(
  reads: CachedReads,
  workspaceId: string,
): Promise<SegmentSnapshot[]> {
  const run = await findLatestRun(reads, workspaceId);
  if (!run) return [];
  return readSnapshotOnce(reads.caches, workspaceId, run.id, 'segment-snapshots', () =>
    readSegmentSnapshotsOfRun(reads.db, run),
  );
}

export async function readCohortRetentionOfRun(db: Db, run: LatestRun): Promise<CohortPoint[]> {
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
}

export async function readStockImpactOfRun(db: Db, run: LatestRun): Promise<StockImpactRow[]> {
  const rows = await db
    .select()
    .from(analysisStockRows)
    .where(eq(analysisStockRows.runId, run.id))
    .orderBy(desc(analysisStockRows.estimatedLoss));
  const digits = currencyDigitsOf(run.currencyCode ?? 'USD');
  return rows.map((r) => ({
    product: r.product,
    variantId: r.productId,
    status: r.status,
    stockState: classifyStock(r.available, r.daysOfCover, r.leadTimeDays),
    leadTimeDays: r.leadTimeDays,
    estimatedLoss: majorToDecimal(r.estimatedLoss, digits),
    available: r.available,
    daysOfCover: r.daysOfCover,
    outOfStockDays: r.outOfStockDays,
    baselineHadStockouts: r.baselineHadStockouts,
  }));
}

/**
 * The last run whatever its status (running, failed…) beside the latest succeeded one, whose id
 * the caller found (the session hook, or findLatestRunId after a run).
 */
export async function readAnalysisStatus(
  reads: CachedReads,
  workspaceId: string,
  latestRunId: string | null,
): Promise<AnalysisStatus> {
  // Only the columns shown: the diagnostics JSON of the last run is large at scale.
  const [last] = await reads.db
    .select({
      id: analysisRuns.id,
      status: analysisRuns.status,
      startedAt: analysisRuns.startedAt,
      finishedAt: analysisRuns.finishedAt,
      asOf: analysisRuns.asOf,
      durationMs: analysisRuns.durationMs,
      error: analysisRuns.error,
    })
    .from(analysisRuns)
    .where(eq(analysisRuns.workspaceId, workspaceId))
    .orderBy(desc(analysisRuns.startedAt))
    .limit(1);
  const succeeded = latestRunId ? await readRunOnce(reads, workspaceId, latestRunId) : null;
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
