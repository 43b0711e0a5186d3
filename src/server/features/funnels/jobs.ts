import { sliceFunnelSegments } from '../../domain/funnels/slice-funnel-segments.ts';
import type { AppDeps } from '../../http/deps.ts';
import { catalogue } from '../../jobs/catalogue.ts';
import { type FeatureJobs, handleJob } from '../../jobs/job-handler.ts';

/** The funnels' job (decision 224): `slice-funnel-segments`, queued by every analysis run that wrote its customers. */
export const funnelJobs: FeatureJobs<AppDeps> = {
  handlers: [
    handleJob(catalogue.sliceFunnelSegments, ({ deps, payload }) =>
      sliceFunnelSegments(deps.db, payload.workspaceId),
    ),
  ],
  schedules: [],
};
