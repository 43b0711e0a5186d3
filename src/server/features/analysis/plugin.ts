import type { AppDeps } from '../../http/deps.ts';
import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import type { RunAnalysisNow } from '../../platform/ports/run-analysis-now.ts';
import type { RunModelChecks } from '../../platform/ports/run-model-checks.ts';
import { closeAbandonedRuns } from './close-abandoned-runs.ts';
import { analysisJobs } from './jobs.ts';
import { runAnalysis } from './run-analysis.ts';
import { analysisWorker } from './worker/analysis-worker-host.ts';

/**
 * The analysis feature (decision 190): the analyze-workspace job (no routes: its reads are the
 * analytics feature's). Its worker thread is an app resource (decision 215). It provides the process
 * the start-up close of runs a killed process left open, and other features a run now
 * (`runAnalysisNow`) and the model checks on its worker (`runModelChecks`, decisions 155, 215).
 */
export const analysisFeature = {
  name: 'analysis',
  jobs: analysisJobs,
  tables: [
    'analysis_runs',
    'analysis_attribution_rows',
    'analysis_cohort_points',
    'analysis_customers',
    'analysis_forecast_points',
    'analysis_metrics',
    'analysis_segments',
    'analysis_stock_rows',
  ],
  provides: {
    runAnalysisNow:
      (deps: AppDeps): RunAnalysisNow =>
      (workspaceId) =>
        runAnalysis(deps, workspaceId, 'manual'),
    runModelChecks:
      (deps: Pick<AppDeps, 'resources'>): RunModelChecks =>
      async (loadInput) => {
        const worker = deps.resources.of(analysisWorker);
        // The worker boots (a few hundred milliseconds) while the inputs are read.
        worker.warm();
        return worker.run('modelChecks', await loadInput());
      },
    closeAbandonedRuns,
  },
} satisfies FeaturePlugin;
