import { analyzeWorkspaceJob } from './definitions/analyze-workspace.ts';
import { deliverNotificationJob } from './definitions/deliver-notification.ts';
import { evaluateAlertsJob } from './definitions/evaluate-alerts.ts';
import { fetchExchangeRatesJob } from './definitions/fetch-exchange-rates.ts';
import { importSpendSheetsJob } from './definitions/import-spend-sheets.ts';
import { maintainTrackingJob } from './definitions/maintain-tracking.ts';
import { notificationsTickJob } from './definitions/notifications-tick.ts';
import { processShopifyWebhookJob } from './definitions/process-shopify-webhook.ts';
import { recalculateCostsJob } from './definitions/recalculate-costs.ts';
import { registerShopifyWebhooksJob } from './definitions/register-shopify-webhooks.ts';
import { syncGoogleAdsJob, syncTikTokAdsJob } from './definitions/sync-ad-platforms.ts';
import { syncGa4Job } from './definitions/sync-ga4.ts';
import { syncMetaJob } from './definitions/sync-meta.ts';
import { syncShopifyJob } from './definitions/sync-shopify.ts';
import type { RegisteredJob } from './job-definition.ts';

/**
 * Every job type this build can run, one definition file each in ./definitions. A job whose type
 * is not listed here stays pending (it is never claimed, never failed) until a build that knows
 * it runs, so areas can enqueue each other's jobs before the definitions land.
 */
export const jobDefinitions: readonly RegisteredJob[] = [
  syncShopifyJob,
  syncGa4Job,
  syncMetaJob,
  syncGoogleAdsJob,
  syncTikTokAdsJob,
  analyzeWorkspaceJob,
  recalculateCostsJob,
  maintainTrackingJob,
  deliverNotificationJob,
  evaluateAlertsJob,
  notificationsTickJob,
  processShopifyWebhookJob,
  registerShopifyWebhooksJob,
  fetchExchangeRatesJob,
  importSpendSheetsJob,
];
