import type { AppDeps } from '../../http/deps.ts';
import { catalogue } from '../../jobs/catalogue.ts';
import { type FeatureJobs, handleJob } from '../../jobs/job-handler.ts';
import { evaluateAlerts } from './evaluate-alerts.ts';

/** The alerts' job (decision 180): `evaluate-alerts`, queued after every analysis run and by the notifications tick. */
export const alertJobs: FeatureJobs<AppDeps> = {
  handlers: [
    handleJob(catalogue.evaluateAlerts, ({ deps, payload }) => evaluateAlerts(deps, payload.workspaceId)),
  ],
  schedules: [],
};
