import type { AppDeps } from '../../http/deps.ts';
import { catalogue } from '../../jobs/catalogue.ts';
import { type FeatureJobs, handleJob } from '../../jobs/job-handler.ts';
import { registerWebhookSubscriptions } from './services/manage-subscriptions.ts';
import { processWebhookEvent } from './services/process-webhook-event.ts';

/**
 * The Shopify webhooks' jobs (decision 030, decision 180). `process-shopify-webhook` applies one
 * received event (no concurrency key: events are independent, the order upsert lets the newest
 * update win). `register-shopify-webhooks` creates a newly connected store's subscriptions, or
 * records why the store stays on polling; queued when Shopify credentials are stored and verified.
 */
export const webhookJobs: FeatureJobs<AppDeps> = {
  handlers: [
    handleJob(catalogue.processShopifyWebhook, async ({ deps, payload }) => {
      const result = await processWebhookEvent(deps.db, {
        ...payload,
        now: deps.clock(),
        keyring: deps.integration.keyring,
      });
      return { ...result };
    }),
    handleJob(catalogue.registerShopifyWebhooks, async ({ deps, payload }) => {
      const state = await registerWebhookSubscriptions(deps.integration, {
        workspaceId: payload.workspaceId,
        configuredPublicUrl: deps.env.publicUrl,
        listeningUrl: deps.publicUrl(),
        intervalMinutes: deps.env.syncIntervalMinutes,
      });
      return { mode: state.mode, reason: state.reason, subscriptions: state.subscriptionIds.length };
    }),
  ],
  schedules: [],
};
