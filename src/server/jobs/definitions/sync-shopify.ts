import { z } from 'zod';
import { syncConcurrencyKey } from '../enqueue.ts';
import { defineJob } from '../job-definition.ts';
import { runSourceSync } from '../sync/run-source-sync.ts';
import { syncShopify } from '../sync/shopify-sync.ts';

/** Shopify backfill (bulk) or incremental sync of one workspace; one at a time per workspace. */
export const syncShopifyJob = defineJob({
  type: 'sync-shopify',
  payloadSchema: z.object({ workspaceId: z.uuid(), reason: z.string().optional() }),
  maxAttempts: 6,
  concurrencyKey: (payload) => syncConcurrencyKey(payload.workspaceId, 'shopify'),
  run: ({ deps, payload, signal }) =>
    runSourceSync(deps, { workspaceId: payload.workspaceId, source: 'shopify', signal }, syncShopify),
});
