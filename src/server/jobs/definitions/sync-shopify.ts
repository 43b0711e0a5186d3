import { runSourceSync } from '../../domain/sync/sync-run.ts';
import { syncShopify } from '../../features/warehouse-sync/shopify/shopify-sync.ts';
import { defineJob } from '../job-definition.ts';
import { syncJobOptions } from './sync-job-options.ts';

/** Shopify backfill (bulk) or incremental sync of one workspace; one at a time per workspace. */
export const syncShopifyJob = defineJob({
  ...syncJobOptions('shopify'),
  run: ({ deps, payload, signal }) =>
    runSourceSync(deps, { workspaceId: payload.workspaceId, source: 'shopify', signal }, syncShopify),
});
