import { z } from 'zod';
import { registerWebhookSubscriptions } from '../../features/webhooks/services/manage-subscriptions.ts';
import { defineJob } from '../job-definition.ts';

/**
 * Creates the Shopify webhook subscriptions of a newly connected store (features/webhooks,
 * decision 030), or records why the store stays on polling. Queued when Shopify credentials are
 * stored and verified; one per workspace at a time.
 */
export const registerShopifyWebhooksJob = defineJob({
  type: 'register-shopify-webhooks',
  payloadSchema: z.object({ workspaceId: z.uuid() }),
  maxAttempts: 3,
  priority: 40,
  concurrencyKey: (payload) => `register-shopify-webhooks:${payload.workspaceId}`,
  async run({ deps, payload }) {
    const state = await registerWebhookSubscriptions(deps.integration, {
      workspaceId: payload.workspaceId,
      configuredPublicUrl: deps.env.publicUrl,
      listeningUrl: deps.publicUrl(),
      intervalMinutes: deps.env.syncIntervalMinutes,
    });
    return { mode: state.mode, reason: state.reason, subscriptions: state.subscriptionIds.length };
  },
});
