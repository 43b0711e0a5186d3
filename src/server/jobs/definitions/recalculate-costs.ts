import { z } from 'zod';
import {
  failCostRecalculation,
  runCostRecalculation,
} from '../../features/costs/services/recalculate-costs.ts';
import { RECALCULATE_COSTS_JOB } from '../../features/costs/services/request-recalculation.ts';
import { defineJob, PermanentJobError } from '../job-definition.ts';

/**
 * An owner's recalculation of frozen costs over a date range (features/costs); one per workspace
 * at a time. A failure fails the run at once (PermanentJobError); only a dead worker's job is
 * retried, and it resumes after the run's last committed step.
 */
export const recalculateCostsJob = defineJob({
  type: RECALCULATE_COSTS_JOB,
  payloadSchema: z.object({ workspaceId: z.uuid(), recalculationId: z.number().int().positive() }),
  maxAttempts: 3,
  priority: 60,
  concurrencyKey: (payload) => `recalculate-costs:${payload.workspaceId}`,
  async run({ deps, payload, signal }) {
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
  },
});
