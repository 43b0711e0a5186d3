import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { metricKey } from '../../../core/opportunities/metric-key.ts';
import {
  type OpportunityProfitContext,
  profitImpactOf,
} from '../../../core/opportunities/profit-impact-of.ts';
import type { AnalysisFacts, AnalysisSnapshot } from '../../../core/pipeline/types.ts';
import { joinInFlight } from '../../caches.ts';
import type { Database, Db } from '../../db/client.ts';
import { analysisRuns, opportunities } from '../../db/schema/analysis.ts';
import { loadAnalysisFacts } from '../../domain/analysis-facts/load-analysis-facts.ts';
import { writeInsightSnapshot } from '../../domain/analysis-facts/write-insight-snapshot.ts';
import { readOpportunityProfitContext } from '../../domain/contribution/read-opportunity-profit.ts';
import { listForecastClosures } from '../../domain/forecast-closures/forecast-closure-queries.ts';
import type { AppDeps } from '../../http/deps.ts';
import { catalogue, enqueue } from '../../jobs/catalogue.ts';
import type { WrittenAnalysis } from './analyze-warehouse.ts';
import { runLockKey } from './close-abandoned-runs.ts';
import { closeInterruptedRuns } from './close-interrupted-runs.ts';
import { detectBasketCreativeOpportunities } from './detect-basket-creative-opportunities.ts';
import { detectBudgetMoveOpportunities } from './detect-budget-move-opportunities.ts';
import { analysisWorker } from './worker/analysis-worker-host.ts';
import { writeAnalysisSnapshot } from './write-analysis-snapshot.ts';

export type AnalysisTrigger = 'sync' | 'manual' | 'test';

export interface AnalysisRunSummary {
  runId: string;
  status: 'succeeded' | 'failed';
  asOf: string | null;
  durationMs: number;
  opportunities: number;
  error: string | null;
}

/** Succeeded runs kept per workspace; older snapshots are deleted (the latest is all reads need). */
const RUNS_KEPT = 3;

type RunDeps = Pick<AppDeps, 'db' | 'database' | 'env' | 'clock' | 'log' | 'caches' | 'resources'>;

/**
 * Runs one analysis of a workspace: reads the warehouse, runs the core models and detectors,
 * writes the run-tagged snapshot, refreshes opportunities (status kept by identity) and measures
 * the realised impact of implemented ones — in the transaction that marks the run succeeded. A
 * failure marks the run failed and leaves the last good snapshot and opportunity list in place. A second call while one runs joins it.
 * On PostgreSQL, reading the warehouse and writing the snapshot happen on the analysis worker
 * too (analyze-warehouse.ts); facts handed in (tests, benches) and PGlite take the main thread's
 * reads and writes.
 */
export function runAnalysis(
  deps: RunDeps,
  workspaceId: string,
  trigger: AnalysisTrigger = 'manual',
  facts?: AnalysisFacts,
): Promise<AnalysisRunSummary> {
  // One analysis at a time per workspace in this app (the job queue serialises across processes).
  return joinInFlight(deps.caches.inFlight, `analysis/${workspaceId}`, async () => {
    // The run's liveness lock is taken before its row exists, so a process starting meanwhile
    // never finds it running and unheld (close-abandoned-runs.ts, decision 115).
    const runId = randomUUID();
    const release = await deps.database.holdLock(runLockKey(runId));
    try {
      return await executeAnalysis(deps, workspaceId, runId, trigger, facts);
    } finally {
      await release();
    }
  });
}

async function executeAnalysis(
  deps: RunDeps,
  workspaceId: string,
  runId: string,
  trigger: AnalysisTrigger,
  givenFacts: AnalysisFacts | undefined,
): Promise<AnalysisRunSummary> {
  const { db } = deps;
  const startedAt = deps.clock();
  const started = performance.now();
  await closeInterruptedRuns(db, workspaceId, startedAt, { syncRuns: trigger === 'sync' });
  await db.insert(analysisRuns).values({ id: runId, workspaceId, status: 'running', trigger, startedAt });
  try {
    const workerStarted = performance.now();
    const analysed = await analyse(deps, workspaceId, runId, givenFacts);
    const { loadMs } = analysed;
    if (!analysed.written) {
      const durationMs = Math.round(performance.now() - started);
      await db
        .update(analysisRuns)
        .set({
          status: 'succeeded',
          finishedAt: deps.clock(),
          durationMs,
          diagnostics: { status: 'no_data', loadMs },
        })
        .where(eq(analysisRuns.id, runId));
      return { runId, status: 'succeeded', asOf: null, durationMs, opportunities: 0, error: null };
    }
    const { writeMs, profit, profitMs, ...computed } = analysed;
    const context = {
      asOf: computed.asOf,
      currency: computed.currency,
      revenueLast30Days: computed.metrics.get(metricKey('store', 'all')) ?? 0,
    };
    const extra = [
      ...(await detectBasketCreativeOpportunities(deps, workspaceId, context, deps.clock())),
      ...(await detectBudgetMoveOpportunities(deps, workspaceId, context, deps.clock())),
    ];
    const snapshot = { ...computed, candidates: [...computed.candidates, ...extra] };
    // The computation and handing its input and output between the threads.
    const workerMs = Math.round(performance.now() - workerStarted) - loadMs - writeMs - profitMs;
    const durationMs = Math.round(performance.now() - started);
    // The opportunities change only with the run that produced them: one transaction, so a run
    // that fails here leaves the previous run's list exactly as it was (#19.7c).
    await db.transaction(async (tx) => {
      await refreshOpportunities(tx, workspaceId, runId, snapshot, profit, deps.clock());
      await tx
        .update(analysisRuns)
        .set({
          status: 'succeeded',
          asOf: snapshot.asOf,
          currencyCode: snapshot.currency,
          finishedAt: deps.clock(),
          durationMs,
          diagnostics: { ...snapshot.diagnostics, loadMs, workerMs, writeMs, profitMs },
          forecastAccuracy: snapshot.forecastAccuracy,
        })
        .where(eq(analysisRuns.id, runId));
    });
    await pruneOldRuns(db, workspaceId);
    // The funnels' segment slices move to this run's segments (decision 224); until then a segment
    // report counts over the sessions.
    await enqueue(db, catalogue.sliceFunnelSegments, { workspaceId }, { now: deps.clock() });
    return {
      runId,
      status: 'succeeded',
      asOf: snapshot.asOf,
      durationMs,
      opportunities: snapshot.candidates.length,
      error: null,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const durationMs = Math.round(performance.now() - started);
    deps.log.error({ err: error, workspaceId, runId, trigger }, 'analysis run failed');
    await db
      .update(analysisRuns)
      .set({ status: 'failed', finishedAt: deps.clock(), durationMs, error: message.slice(0, 2000) })
      .where(eq(analysisRuns.id, runId));
    return { runId, status: 'failed', asOf: null, durationMs, opportunities: 0, error: message };
  }
}

/**
 * Reads the facts, computes the snapshot and writes it, and reads the opportunities' profit
 * context; the computation on the worker thread, so
 * the event loop keeps serving requests during the seconds it takes, and on PostgreSQL the reads
 * and writes there too (the worker's own connections): a million orders parsed on the main thread
 * held it up for seconds (issue 18). `loadMs`, `writeMs` and `profitMs` exclude the computation.
 */
async function analyse(
  deps: RunDeps,
  workspaceId: string,
  runId: string,
  givenFacts: AnalysisFacts | undefined,
): Promise<WrittenAnalysis> {
  const { db } = deps;
  const databaseUrl = workerDatabaseUrl(deps.database);
  const worker = deps.resources.of(analysisWorker);
  if (!givenFacts && databaseUrl) {
    const analysed = await worker.run('warehouseAnalysis', {
      databaseUrl,
      readReplica: deps.env.readReplica ?? null,
      workspaceId,
      runId,
      now: deps.clock().toISOString(),
    });
    for (const reason of analysed.replicaWarnings ?? []) deps.log.warn({ workspaceId, runId }, reason);
    return analysed;
  }
  worker.warm();
  const loadStarted = performance.now();
  const loaded = givenFacts ?? (await loadAnalysisFacts(db, workspaceId, deps.clock()));
  const facts = loaded && { ...loaded, confirmedClosures: await listForecastClosures(db, workspaceId) };
  const loadMs = Math.round(performance.now() - loadStarted);
  if (!facts) return { written: false, loadMs };
  const snapshot = await worker.run('analysis', facts);
  const writeStarted = performance.now();
  await writeAnalysisSnapshot(db, workspaceId, runId, snapshot);
  await writeInsightSnapshot(db, workspaceId, runId, snapshot.insights);
  const writeMs = Math.round(performance.now() - writeStarted);
  const profitStarted = performance.now();
  const profit = await readOpportunityProfitContext(db, workspaceId, snapshot.asOf, snapshot.currency);
  const profitMs = Math.round(performance.now() - profitStarted);
  return { ...snapshot, written: true, loadMs, writeMs, profit, profitMs };
}

/** The PostgreSQL server the worker may connect to; none on PGlite (its database lives in this thread). */
const workerDatabaseUrl = (database: Database): string | null =>
  database.kind === 'postgres' ? database.url : null;

/**
 * Upserts this run's candidates by (workspace, type, subject): estimates and texts refresh, status,
 * first detection and implementation are kept. Each gets its profit impact (decision 026); one
 * whose action would lose money says so first in its description and is not ranked above low.
 * Implemented opportunities get their realised impact: the tracked metric now minus its baseline.
 */
async function refreshOpportunities(
  db: Pick<Db, 'insert' | 'select' | 'update'>,
  workspaceId: string,
  runId: string,
  snapshot: Pick<AnalysisSnapshot, 'candidates' | 'metrics'>,
  profit: OpportunityProfitContext,
  now: Date,
): Promise<void> {
  // One statement for every candidate: estimates and texts from the new row, the rest kept.
  const refreshed = [
    'title',
    'description',
    'priority',
    'revenueImpactMin',
    'revenueImpactMax',
    'profitImpactMin',
    'profitImpactMax',
    'losesMoney',
    'profitNote',
    'profitUnitsSold',
    'profitUnitsWithCost',
    'confidenceScore',
    'effortLevel',
    'evidence',
    'metricKey',
    'lastDetectedAt',
    'lastRunId',
  ] as const;
  // A statement may touch a row once: the last candidate of an identity wins, as upserts in turn did.
  const byIdentity = new Map(snapshot.candidates.map((c) => [`${c.type}\u0000${c.subjectKey}`, c]));
  if (byIdentity.size > 0)
    await db
      .insert(opportunities)
      .values(
        [...byIdentity.values()].map((candidate) => {
          const { profitCoverage, ...impact } = profitImpactOf(candidate, profit);
          return {
            workspaceId,
            type: candidate.type,
            subjectKey: candidate.subjectKey,
            firstDetectedAt: now,
            title: candidate.title,
            description: impact.profitNote
              ? `${impact.profitNote} ${candidate.description}`
              : candidate.description,
            priority: impact.losesMoney ? ('low' as const) : candidate.priority,
            revenueImpactMin: candidate.revenueImpactMin,
            revenueImpactMax: candidate.revenueImpactMax,
            ...impact,
            profitUnitsSold: profitCoverage?.unitsSold ?? null,
            profitUnitsWithCost: profitCoverage?.unitsWithCost ?? null,
            confidenceScore: candidate.confidenceScore,
            effortLevel: candidate.effortLevel,
            evidence: candidate.evidence,
            metricKey: candidate.metricKey,
            lastDetectedAt: now,
            lastRunId: runId,
          };
        }),
      )
      .onConflictDoUpdate({
        target: [opportunities.workspaceId, opportunities.type, opportunities.subjectKey],
        set: Object.fromEntries(
          refreshed.map((field) => [field, sql.raw(`excluded.${opportunities[field].name}`)]),
        ),
      });
  const implemented = await db
    .select({ id: opportunities.id, metricKey: opportunities.metricKey, baseline: opportunities.baseline })
    .from(opportunities)
    .where(and(eq(opportunities.workspaceId, workspaceId), eq(opportunities.status, 'implemented')));
  for (const row of implemented) {
    const current = snapshot.metrics.get(row.metricKey);
    const baseline = row.baseline?.value;
    if (current === undefined || baseline === null || baseline === undefined || row.baseline?.runId === runId)
      continue;
    await db
      .update(opportunities)
      .set({ realisedImpact: current - baseline, realisedMeasuredAt: now })
      .where(eq(opportunities.id, row.id));
  }
}

async function pruneOldRuns(db: Db, workspaceId: string): Promise<void> {
  const kept = await db
    .select({ id: analysisRuns.id, startedAt: analysisRuns.startedAt })
    .from(analysisRuns)
    .where(and(eq(analysisRuns.workspaceId, workspaceId), eq(analysisRuns.status, 'succeeded')))
    .orderBy(desc(analysisRuns.startedAt))
    .limit(RUNS_KEPT);
  const oldest = kept[kept.length - 1];
  if (kept.length < RUNS_KEPT || !oldest) return;
  const stale = await db
    .select({ id: analysisRuns.id })
    .from(analysisRuns)
    .where(
      and(
        eq(analysisRuns.workspaceId, workspaceId),
        lt(analysisRuns.startedAt, oldest.startedAt),
        sql`${analysisRuns.status} <> 'running'`,
      ),
    );
  if (stale.length > 0)
    await db.delete(analysisRuns).where(
      inArray(
        analysisRuns.id,
        stale.map((s) => s.id),
      ),
    );
}
