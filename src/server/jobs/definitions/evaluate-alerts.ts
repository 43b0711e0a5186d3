import { z } from 'zod';
import { evaluateAlerts } from '../../features/alerts/evaluate-alerts.ts';
import { defineJob } from '../job-definition.ts';

/** Alert rules of one workspace (issue #14): queued after every analysis run and by the schedule. */
export const evaluateAlertsJob = defineJob({
  type: 'evaluate-alerts',
  payloadSchema: z.object({ workspaceId: z.uuid() }),
  maxAttempts: 3,
  priority: 90,
  concurrencyKey: (payload) => `alerts:${payload.workspaceId}`,
  async run({ deps, payload }) {
    return evaluateAlerts(deps, payload.workspaceId);
  },
});
