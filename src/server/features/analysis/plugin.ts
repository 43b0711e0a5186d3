import type { AppDeps } from '../../http/deps.ts';
import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import type { RunAnalysisNow } from '../../platform/ports/run-analysis-now.ts';
import { closeAbandonedRuns } from './close-abandoned-runs.ts';
import { analysisJobs } from './jobs.ts';
import { runAnalysis } from './run-analysis.ts';
import { createAnalysisWorkerHost } from './worker/analysis-worker-host.ts';

/**
 * The analysis feature (decision 190): the analyze-workspace job (no routes: its reads are the
 * analytics feature's). It provides the process its analysis thread and the start-up close of runs
 * a killed process left open, and other features a run now (`runAnalysisNow`, decision 155).
 */
export const analysisFeature = {
  name: 'analysis',
  jobs: analysisJobs,
  provides: {
    runAnalysisNow:
      (deps: AppDeps): RunAnalysisNow =>
      (workspaceId) =>
        runAnalysis(deps, workspaceId, 'manual'),
    closeAbandonedRuns,
    createAnalysisWorkerHost,
  },
} satisfies FeaturePlugin;
