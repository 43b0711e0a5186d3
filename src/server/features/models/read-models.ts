import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MIN_REPEAT_CUSTOMERS_SHOWN } from '../../../core/pipeline/thresholds.ts';
import {
  type ModelChecks,
  ModelChecksSchema,
  type ModelDiagnostics,
  type ModelRun,
  ModelRunSchema,
} from '../../../shared/contracts/models.ts';
import { currencyDigitsOf, majorToDecimal } from '../../../shared/money.ts';
import { joinInFlight } from '../../caches.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { loadModelCheckInputs } from '../../domain/models/read-models-checks.ts';
import type { AppDeps } from '../../http/deps.ts';
import type { RunModelChecks } from '../../platform/ports/run-model-checks.ts';

/** Runs listed in the history (older succeeded runs are pruned by the analysis anyway). */
const RUNS_LISTED = 20;

const RunRow = z.object({
  id: z.string(),
  status: ModelRunSchema.shape.status,
  trigger: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().nullable(),
  as_of: z.string().nullable(),
  error: z.string().nullable(),
  candidates: z.number().nullable(),
});
type RunRow = z.infer<typeof RunRow>;

const RUN_COLUMNS = sql.raw(`id, status, trigger, started_at, finished_at, duration_ms, as_of::text AS as_of,
  error, (diagnostics->>'candidates')::int AS candidates`);

function presentRun(row: RunRow): ModelRun {
  return {
    id: row.id,
    status: row.status,
    trigger: row.trigger,
    startedAt: new Date(row.started_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    durationMs: row.duration_ms,
    asOf: row.as_of,
    opportunities: row.status === 'succeeded' ? (row.candidates ?? 0) : row.candidates,
    error: row.error,
  };
}

/** The analysis runs of the caller's workspace, newest first. */
export async function listModelRuns(db: Db, workspaceId: string): Promise<ModelRun[]> {
  const rows = await queryRows(
    db,
    RunRow,
    sql`SELECT ${RUN_COLUMNS} FROM analysis_runs WHERE workspace_id = ${workspaceId}
        ORDER BY started_at DESC LIMIT ${RUNS_LISTED}`,
  );
  return rows.map(presentRun);
}

// What the analysis run stores (core/pipeline/analyze-store.ts); read leniently, so an older run still shows.
const Fit = { logLikelihood: z.number(), converged: z.boolean(), customers: z.number() };
const StoredDiagnostics = z.object({
  status: z.string().optional(),
  customers: z.number().optional(),
  lifetime: z
    .object({
      status: z.enum(['fitted', 'insufficient_data']),
      repeatCustomers: z.number(),
      minimum: z.number().optional(),
      timeUnit: z.string().optional(),
      horizonMonths: z.number().optional(),
      monthlyDiscountRate: z.number().optional(),
      bgnbd: z.object({ r: z.number(), alpha: z.number(), a: z.number(), b: z.number(), ...Fit }).optional(),
      gammaGamma: z.object({ p: z.number(), q: z.number(), gamma: z.number(), ...Fit }).optional(),
    })
    .optional(),
});
const Accuracy = z.object({ mase: z.number(), smape: z.number(), wape: z.number() }).nullable().catch(null);
const StoredAccuracy = z.object({
  model: z.string(),
  origins: z.number(),
  horizon: z.number(),
  accuracy: Accuracy,
  seasonalNaive: Accuracy,
  weekdayMean: Accuracy,
});

const ModelDiagnosticRow = RunRow.extend({
  currency_code: z.string().nullable(),
  diagnostics: z.unknown(),
  forecast_accuracy: z.unknown(),
});

/**
 * What the latest succeeded analysis run's models say (Predictive Models page): the forecast model
 * and its backtest, the lifetime fits or the "too little data" state, and the checks of that run
 * (computed in the background on first read; `checks.status` says 'computing' until then).
 */
export async function readModelDiagnostics(
  deps: Pick<AppDeps, 'db' | 'clock' | 'caches'>,
  workspaceId: string,
  runModelChecks: RunModelChecks,
): Promise<ModelDiagnostics> {
  const { db } = deps;
  const [row] = await queryRows(
    db,
    ModelDiagnosticRow,
    sql`SELECT ${RUN_COLUMNS}, currency_code, diagnostics, forecast_accuracy FROM analysis_runs
        WHERE workspace_id = ${workspaceId} AND status = 'succeeded'
        ORDER BY finished_at DESC LIMIT 1`,
  );
  if (!row)
    return { state: 'no_run', run: null, currency: null, forecast: null, lifetime: null, checks: null };
  const run = presentRun(row);
  const stored = StoredDiagnostics.safeParse(row.diagnostics);
  const diagnostics = stored.success ? stored.data : {};
  if (diagnostics.status === 'no_data' || row.as_of === null)
    return {
      state: 'no_data',
      run,
      currency: row.currency_code,
      forecast: null,
      lifetime: null,
      checks: null,
    };

  const accuracy = StoredAccuracy.safeParse(row.forecast_accuracy);
  const forecast = accuracy.success
    ? {
        model: accuracy.data.model,
        backtest: {
          origins: accuracy.data.origins,
          horizon: accuracy.data.horizon,
          model: accuracy.data.accuracy,
          seasonalNaive: accuracy.data.seasonalNaive,
          weekdayMean: accuracy.data.weekdayMean,
        },
      }
    : null;
  const l = diagnostics.lifetime;
  const lifetime = l
    ? {
        status: l.status,
        customers: diagnostics.customers ?? null,
        repeatCustomers: l.repeatCustomers,
        minimum: l.minimum ?? MIN_REPEAT_CUSTOMERS_SHOWN,
        timeUnit: l.timeUnit ?? null,
        horizonMonths: l.horizonMonths ?? null,
        monthlyDiscountRate: l.monthlyDiscountRate ?? null,
        bgnbd: l.bgnbd ?? null,
        gammaGamma: l.gammaGamma
          ? {
              ...l.gammaGamma,
              meanSpend:
                l.gammaGamma.q > 1
                  ? majorToDecimal(
                      (l.gammaGamma.p * l.gammaGamma.gamma) / (l.gammaGamma.q - 1),
                      currencyDigitsOf(row.currency_code ?? 'USD'),
                    )
                  : null,
            }
          : null,
      }
    : null;
  const checks = await readChecks(
    deps,
    runModelChecks,
    workspaceId,
    row.id,
    row.as_of,
    lifetime?.bgnbd ?? null,
  );
  return { state: 'ready', run, currency: row.currency_code, forecast, lifetime, checks };
}

const COMPUTING: ModelChecks = {
  status: 'computing',
  error: null,
  computedAt: null,
  durationMs: null,
  holdout: null,
  holdoutNote: null,
  paretoNbd: null,
  frequency: null,
  calibration: null,
  calibrationNote: null,
};

const StoredRow = z.object({ checks: z.unknown() });

async function readChecks(
  deps: Pick<AppDeps, 'db' | 'clock' | 'caches'>,
  runModelChecks: RunModelChecks,
  workspaceId: string,
  runId: string,
  asOf: string,
  bgnbd: { r: number; alpha: number; a: number; b: number } | null,
): Promise<ModelChecks> {
  const [stored] = await queryRows(
    deps.db,
    StoredRow,
    sql`SELECT checks FROM analysis_model_checks WHERE run_id = ${runId} AND workspace_id = ${workspaceId}`,
  );
  if (stored) {
    const parsed = ModelChecksSchema.safeParse(stored.checks);
    if (parsed.success) return parsed.data;
  }
  // Computed once per run in this app: a second read while they run joins instead of repeating.
  void joinInFlight(deps.caches.inFlight, `model-checks/${runId}`, () =>
    storeChecks(deps, runModelChecks, workspaceId, runId, asOf, bgnbd),
  );
  return COMPUTING;
}

async function storeChecks(
  deps: Pick<AppDeps, 'db' | 'clock' | 'caches'>,
  runModelChecks: RunModelChecks,
  workspaceId: string,
  runId: string,
  asOf: string,
  bgnbd: { r: number; alpha: number; a: number; b: number } | null,
): Promise<void> {
  const started = performance.now();
  let checks: ModelChecks;
  try {
    // The fits take seconds on a large store: on the analysis worker thread, off the event loop.
    const results = await runModelChecks(async () => ({
      ...(await loadModelCheckInputs(deps.db, workspaceId, asOf)),
      asOf,
      bgnbd,
    }));
    checks = { ...COMPUTING, ...results, status: 'ready' };
  } catch (error) {
    checks = {
      ...COMPUTING,
      status: 'failed',
      error: error instanceof Error ? error.message : String(error),
    };
  }
  const durationMs = Math.round(performance.now() - started);
  checks = { ...checks, computedAt: deps.clock().toISOString(), durationMs };
  try {
    await deps.db.execute(sql`
      INSERT INTO analysis_model_checks (run_id, workspace_id, status, checks, error, computed_at, duration_ms)
      VALUES (${runId}, ${workspaceId}, ${checks.status}, ${JSON.stringify(checks)}::jsonb, ${checks.error},
        ${checks.computedAt}, ${durationMs})
      ON CONFLICT (run_id) DO NOTHING`);
  } catch {
    // The run was pruned or the server is closing: the next read computes them again.
  }
}
