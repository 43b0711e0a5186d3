import type { AppDeps } from '../../http/deps.ts';
import { catalogue } from '../../jobs/catalogue.ts';
import { PermanentJobError } from '../../jobs/job-error.ts';
import { type FeatureJobs, handleJob } from '../../jobs/job-handler.ts';
import { failCostRecalculation, runCostRecalculation } from './services/recalculate-costs.ts';

/**
 * The costs' job (decision 180): `recalculate-costs`, an owner's recalculation of frozen costs over
 * a date range; one per workspace at a time. A failure fails the run at once (PermanentJobError);
 * only a dead worker's job is retried, and it resumes after the run's last committed step.
 */
export const costsJobs: FeatureJobs<AppDeps> = {
  handlers: [
    handleJob(catalogue.recalculateCosts, async ({ deps, payload, signal }) => {
      try {
        const result = await runCostRecalculation(deps.db, {
          ...payload,
          now: deps.clock,
          signal,
          linesPerStep: deps.env.costRecalculationStepLines,
          // PGlite has one connection: its steps run one after another.
          stepsInFlight: deps.database.kind === 'postgres' ? deps.env.costRecalculationParallelSteps : 1,
        });
        return { ...result };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await failCostRecalculation(
          deps.db,
          payload.workspaceId,
          payload.recalculationId,
          message,
          deps.clock(),
        );
        throw new PermanentJobError(`recalculation failed: ${message}`);
      }
    }),
  ],
  schedules: [],
};
