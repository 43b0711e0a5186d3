import { defineJob } from '../job-definition.ts';
import { syncGa4 } from '../sync/ga4-sync.ts';
import { runSourceSync } from '../sync/run-source-sync.ts';
import { syncJobOptions } from './sync-job-options.ts';

/** GA4 daily reports of one workspace (backfill, then the last days re-read); one at a time per workspace. */
export const syncGa4Job = defineJob({
  ...syncJobOptions('ga4'),
  run: ({ deps, payload, signal }) =>
    runSourceSync(deps, { workspaceId: payload.workspaceId, source: 'ga4', signal }, syncGa4),
});
