import { z } from 'zod';
import { syncConcurrencyKey } from '../enqueue.ts';
import { defineJob } from '../job-definition.ts';
import { syncMeta } from '../sync/meta-sync.ts';
import { runSourceSync } from '../sync/run-source-sync.ts';

/** Meta campaigns and daily insights of one workspace (last 28 days re-read); one at a time per workspace. */
export const syncMetaJob = defineJob({
  type: 'sync-meta',
  payloadSchema: z.object({ workspaceId: z.uuid(), reason: z.string().optional() }),
  maxAttempts: 6,
  concurrencyKey: (payload) => syncConcurrencyKey(payload.workspaceId, 'meta'),
  run: ({ deps, payload, signal }) =>
    runSourceSync(deps, { workspaceId: payload.workspaceId, source: 'meta', signal }, syncMeta),
});
