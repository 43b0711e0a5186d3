import { runSourceSync } from '../../domain/sync/sync-run.ts';
import { syncGa4 } from '../../features/warehouse-sync/ga4/ga4-sync.ts';
import { defineJob } from '../job-definition.ts';
import { syncJobOptions } from './sync-job-options.ts';

/** GA4 daily reports of one workspace (backfill, then the last days re-read); one at a time per workspace. */
export const syncGa4Job = defineJob({
  ...syncJobOptions('ga4'),
  run: ({ deps, payload, signal }) =>
    runSourceSync(deps, { workspaceId: payload.workspaceId, source: 'ga4', signal }, syncGa4),
});
