import { z } from 'zod';
import { processWebhookEvent } from '../../features/webhooks/services/process-webhook-event.ts';
import { defineJob } from '../job-definition.ts';

/**
 * Applies one received Shopify webhook (features/webhooks, decision 030). No concurrency key:
 * events are independent (the order upsert lets the newest update win), so two can run at once.
 */
export const processShopifyWebhookJob = defineJob({
  type: 'process-shopify-webhook',
  payloadSchema: z.object({ workspaceId: z.uuid(), eventRowId: z.number().int().positive() }),
  maxAttempts: 6,
  priority: 20,
  concurrencyKey: () => null,
  async run({ deps, payload }) {
    const result = await processWebhookEvent(deps.db, {
      ...payload,
      now: deps.clock(),
      keyring: deps.integration.keyring,
    });
    return { ...result };
  },
});
