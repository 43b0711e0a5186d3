import { refreshStaleStatistics } from '../../db/refresh-stale-statistics.ts';
import { refreshContributionRollups } from '../../domain/contribution/rebuild-contribution-rollups.ts';
import { joinOrderJourneys } from '../../domain/journeys/join-order-journeys.ts';
import { refreshProfitRollup } from '../../domain/profit/refresh-profit-rollup.ts';
import type { AppDeps } from '../../http/deps.ts';
import { catalogue, enqueue } from '../../jobs/catalogue.ts';
import { type FeatureJobs, handleJob } from '../../jobs/job-handler.ts';
import { runAnalysis } from './run-analysis.ts';

/**
 * The analysis's job (decision 180): `analyze-workspace`, queued after every successful sync. It
 * first refreshes stale planner statistics (autovacuum may be off: decision 103), then brings the
 * profit report's daily rollup up to the synced warehouse, so the first view of /profit after a
 * sync does not pay for it.
 */
export const analysisJobs: FeatureJobs<AppDeps> = {
  handlers: [
    handleJob(catalogue.analyzeWorkspace, async ({ deps, payload }) => {
      // Every read below plans on the tables' statistics: take them where they went stale (decision 103).
      await refreshStaleStatistics(deps.db);
      await refreshProfitRollup(deps, payload.workspaceId);
      // And the product and cohort rollups (decision 060), for the first view of /products and /customers.
      await refreshContributionRollups(deps, payload.workspaceId);
      // First-party journeys (issue 16): newly synced orders joined to the tracker's sessions.
      await joinOrderJourneys(deps.db, payload.workspaceId);
      const summary = await runAnalysis(deps, payload.workspaceId, 'sync');
      // Alert rules look at what this run found (issue #14).
      await enqueue(
        deps.db,
        catalogue.evaluateAlerts,
        { workspaceId: payload.workspaceId },
        { now: deps.clock() },
      );
      // A failed run is recorded on analysis_runs; retrying the same facts would fail the same way.
      return { ...summary };
    }),
  ],
  schedules: [],
};
