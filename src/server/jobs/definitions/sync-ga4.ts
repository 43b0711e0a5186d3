import { z } from 'zod';
import { syncConcurrencyKey } from '../enqueue.ts';
import { defineJob } from '../job-definition.ts';
import { syncGa4 } from '../sync/ga4-sync.ts';
import { runSourceSync } from '../sync/run-source-sync.ts';

/** GA4 daily reports of one workspace (backfill, then the last days re-read); one at a time per workspace. */
export const syncGa4Job = defineJob({
  type: 'sync-ga4',
  payloadSchema: z.object({ workspaceId: z.uuid(), reason: z.string().optional() }),
  maxAttempts: 6,
  concurrencyKey: (payload) => syncConcurrencyKey(payload.workspaceId, 'ga4'),
  run: ({ deps, payload, signal }) =>
    runSourceSync(deps, { workspaceId: payload.workspaceId, source: 'ga4', signal }, syncGa4),
});
