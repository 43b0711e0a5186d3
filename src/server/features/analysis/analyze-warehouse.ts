import type { OpportunityProfitContext } from '../../../core/opportunities/profit-impact-of.ts';
import { openDatabase } from '../../db/client.ts';
import { readOpportunityProfitContext } from '../contribution/read-opportunity-profit.ts';
import { listForecastClosures } from '../forecast-closures/forecast-closure-queries.ts';
import { type AnalysisRunOutput, analyzeRun } from './analyze-run.ts';
import { loadAnalysisFacts } from './load-analysis-facts.ts';
import { writeAnalysisSnapshot } from './write-analysis-snapshot.ts';
import { writeInsightSnapshot } from './write-insight-snapshot.ts';

export interface WarehouseAnalysisInput {
  /** The PostgreSQL server the app uses; the worker opens connections of its own to it. */
  databaseUrl: string;
  workspaceId: string;
  runId: string;
  /** When the run started (ISO): the analysis ends on the last complete shop day before it. */
  now: string;
}

/** What the main thread needs of a run whose snapshot the worker wrote: the opportunities' inputs and the run's row. */
export type WrittenAnalysis =
  | { written: false; loadMs: number }
  | ({
      written: true;
      loadMs: number;
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
    const loaded = await loadAnalysisFacts(db, input.workspaceId, new Date(input.now));
    const facts = loaded && {
      ...loaded,
      confirmedClosures: await listForecastClosures(db, input.workspaceId),
    };
    const loadMs = Math.round(performance.now() - loadStarted);
    if (!facts) return { written: false, loadMs };
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
