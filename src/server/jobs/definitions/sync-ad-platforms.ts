import { runSourceSync } from '../../domain/sync/sync-run.ts';
import { syncGoogleAds } from '../../features/warehouse-sync/google-ads/google-ads-sync.ts';
import { syncTikTokAds } from '../../features/warehouse-sync/tiktok/tiktok-ads-sync.ts';
import { defineJob } from '../job-definition.ts';
import { syncJobOptions } from './sync-job-options.ts';

/** Google Ads daily campaign and ad-group rows of one workspace (last 30 days re-read); one at a time per workspace. */
export const syncGoogleAdsJob = defineJob({
  ...syncJobOptions('google_ads'),
  run: ({ deps, payload, signal }) =>
    runSourceSync(deps, { workspaceId: payload.workspaceId, source: 'google_ads', signal }, syncGoogleAds),
});

/** TikTok daily campaign and ad-group rows of one workspace (last 30 days re-read); one at a time per workspace. */
export const syncTikTokAdsJob = defineJob({
  ...syncJobOptions('tiktok_ads'),
  run: ({ deps, payload, signal }) =>
    runSourceSync(deps, { workspaceId: payload.workspaceId, source: 'tiktok_ads', signal }, syncTikTokAds),
});
