import { runSourceSync } from '../../domain/sync/sync-run.ts';
import { syncMeta } from '../../features/warehouse-sync/meta/meta-sync.ts';
import { defineJob } from '../job-definition.ts';
import { syncJobOptions } from './sync-job-options.ts';

/** Meta campaigns and daily insights of one workspace (last 28 days re-read); one at a time per workspace. */
export const syncMetaJob = defineJob({
  ...syncJobOptions('meta'),
  run: ({ deps, payload, signal }) =>
    runSourceSync(deps, { workspaceId: payload.workspaceId, source: 'meta', signal }, syncMeta),
});
