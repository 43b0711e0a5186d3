import type { SyncSource } from '../../db/schema/jobs.ts';
import type { DeclaredJob } from '../job-definition.ts';
import { syncGoogleAdsJob, syncTikTokAdsJob } from './sync-ad-platforms.ts';
import { syncGa4Job } from './sync-ga4.ts';
import type { SyncPayload } from './sync-job-options.ts';
import { syncMetaJob } from './sync-meta.ts';
import { syncShopifyJob } from './sync-shopify.ts';

/** The sync job of each source, for `enqueue(db, SYNC_JOBS[source], payload, …)`. */
export const SYNC_JOBS: Readonly<Record<SyncSource, DeclaredJob<SyncPayload>>> = {
  shopify: syncShopifyJob,
  ga4: syncGa4Job,
  meta: syncMetaJob,
  google_ads: syncGoogleAdsJob,
  tiktok_ads: syncTikTokAdsJob,
};
