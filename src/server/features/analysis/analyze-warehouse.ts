import type { OpportunityProfitContext } from '../../../core/opportunities/profit-impact-of.ts';
import { type Db, openDatabase } from '../../db/client.ts';
import { openReadReplica } from '../../db/read-replica.ts';
import { primaryLsn } from '../../db/replica-freshness.ts';
import { loadAnalysisFacts } from '../../domain/analysis-facts/load-analysis-facts.ts';
import { refreshAnalysisFacts } from '../../domain/analysis-facts/refresh-analysis-facts.ts';
import { writeInsightSnapshot } from '../../domain/analysis-facts/write-insight-snapshot.ts';
import { readOpportunityProfitContext } from '../../domain/contribution/read-opportunity-profit.ts';
import { listForecastClosures } from '../../domain/forecast-closures/forecast-closure-queries.ts';
import { type AnalysisRunOutput, analyzeRun } from './analyze-run.ts';
import { writeAnalysisSnapshot } from './write-analysis-snapshot.ts';

export interface WarehouseAnalysisInput {
  /** The PostgreSQL server the app uses; the worker opens connections of its own to it. */
  databaseUrl: string;
  /** The read replica the fact reads may take (decision 126); null: none, every read on the primary. */
  readReplica: { url: string; maxLagSeconds: number } | null;
  workspaceId: string;
  runId: string;
  /** When the run started (ISO): the analysis ends on the last complete shop day before it. */
  now: string;
}

/** What the main thread needs of a run whose snapshot the worker wrote: the opportunities' inputs and the run's row. */
export type WrittenAnalysis =
  | { written: false; loadMs: number; replicaWarnings?: string[] }
  | ({
      written: true;
      loadMs: number;
      /** Why the fact reads did not take the read replica, for the main thread's log (decision 126). */
      replicaWarnings?: string[];
      writeMs: number;
      profit: OpportunityProfitContext;
      profitMs: number;
    } & Pick<
      AnalysisRunOutput,
      'asOf' | 'currency' | 'candidates' | 'metrics' | 'diagnostics' | 'forecastAccuracy'
    >);

/**
 * Connections of the worker's own pool: two fact queries or snapshot writes at a time. Not more
 * (it was 8): on two cores eight busy backends did not read faster, and as PostgreSQL puts each
 * backend in a session of its own, the kernel shared the CPU among them and the API process as
 * equals, so the event loop waited up to 140 ms for a turn (decision 084); with two, < 50 ms.
 */
const WORKER_CONNECTIONS = 2;

/**
 * One run's reads, computation and snapshot writes, done on the analysis worker thread over its
 * own PostgreSQL connections (issue 18): a million orders are parsed, checked and turned into
 * facts where the event loop serving HTTP requests does not wait for them, and only the run's
 * candidates, metrics and the opportunities' profit context (hundreds of values) cross back. Not
 * on PGlite, whose database lives in the main thread (run-analysis.ts keeps that path there). The snapshot rows are tagged with the
 * run as before; the run is marked succeeded, with its opportunities, by the main thread.
 */
export async function analyzeWarehouse(input: WarehouseAnalysisInput): Promise<WrittenAnalysis> {
  const database = await openDatabase({
    kind: 'postgres',
    url: input.databaseUrl,
    maxConnections: WORKER_CONNECTIONS,
  });
  try {
    const { db } = database;
    const loadStarted = performance.now();
    const replicaWarnings: string[] = [];
    const facts = await readFacts(db, input, replicaWarnings);
    const loadMs = Math.round(performance.now() - loadStarted);
    if (!facts) return { written: false, loadMs, replicaWarnings };
    const output = analyzeRun(facts);
    const { asOf, currency, candidates, metrics, diagnostics, forecastAccuracy } = output;
    // The profit context's reads (seconds of the server's time at a million orders) run beside the
    // writes, over the pool's other connections; `profitMs` is the wait for them after the writes.
    const writeStarted = performance.now();
    let writeMs = 0;
    const [profit] = await Promise.all([
      readOpportunityProfitContext(db, input.workspaceId, asOf, currency),
      (async () => {
        await writeAnalysisSnapshot(db, input.workspaceId, input.runId, output);
        await writeInsightSnapshot(db, input.workspaceId, input.runId, output.insights);
        writeMs = Math.round(performance.now() - writeStarted);
      })(),
    ]);
    const profitMs = Math.round(performance.now() - writeStarted) - writeMs;
    return {
      written: true,
      loadMs,
      replicaWarnings,
      writeMs,
      profit,
      profitMs,
      asOf,
      currency,
      candidates,
      metrics,
      diagnostics,
      forecastAccuracy,
    };
  } finally {
    await database.close();
  }
}

/** How long the fact reads wait for the replica to replay the run's own fact refresh before taking the primary. */
const REPLAY_WAIT_MS = 2_000;

/**
 * The run's facts: the fact tables refreshed on the primary, then read on the read replica once it
 * has replayed that refresh (within REPLAY_WAIT_MS) and is within its staleness limit, else on the
 * primary (decision 126). Without a replica, as before: refresh and reads on the primary.
 */
async function readFacts(db: Db, input: WarehouseAnalysisInput, warnings: string[]) {
  const now = new Date(input.now);
  const read = async (readDb: Db, refresh: boolean) => {
    const loaded = await loadAnalysisFacts(readDb, input.workspaceId, now, { refresh });
    return loaded && { ...loaded, confirmedClosures: await listForecastClosures(readDb, input.workspaceId) };
  };
  if (!input.readReplica) return read(db, true);
  await refreshAnalysisFacts(db, input.workspaceId);
  const mustSee = await primaryLsn(db);
  const reads = openReadReplica(db, {
    ...input.readReplica,
    maxConnections: WORKER_CONNECTIONS,
    log: { warn: (_details, message) => warnings.push(message) },
  });
  try {
    return await reads.run((readDb) => read(readDb, false), { mustSee, waitMs: REPLAY_WAIT_MS });
  } finally {
    await reads.close();
  }
}
