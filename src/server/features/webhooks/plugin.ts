import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { webhookJobs } from './jobs.ts';
import { registerWebhookRoutes } from './routes.ts';
import { removeWebhookSubscriptions } from './services/manage-subscriptions.ts';

/**
 * The webhooks feature (decision 190): Shopify's webhooks, the live figures, and the jobs that
 * process deliveries and register subscriptions. It provides the connections feature the removal
 * of a workspace's subscriptions (decision 155).
 */
export const webhooksFeature = {
  name: 'webhooks',
  routes: async (app, { deps }) => registerWebhookRoutes(app, deps),
  jobs: webhookJobs,
  provides: { removeShopifySubscriptions: removeWebhookSubscriptions },
  tables: [
    'webhook_events',
    'compliance_audit_log',
    'customer_data_exports',
    'redacted_customers',
    'live_order_versions',
  ],
} satisfies FeaturePlugin;
