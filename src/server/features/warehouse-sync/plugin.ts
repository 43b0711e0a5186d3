import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { warehouseSyncJobs } from './jobs.ts';

/**
 * The warehouse-sync feature (decision 190): the five sync jobs and the schedule of due syncs; no
 * routes ("Sync now" is the sync feature's, through the queue).
 */
export const warehouseSyncFeature: FeaturePlugin = {
  name: 'warehouse-sync',
  jobs: warehouseSyncJobs,
  // The vendors' own tables; the Shopify rows are domain/warehouse's (their specs, which webhooks share).
  tables: [
    'wh_shops',
    'wh_ga4_daily_campaigns',
    'wh_ga4_daily_channels',
    'wh_ga4_daily_pages',
    'wh_meta_ads',
    'wh_meta_ad_daily_insights',
    'wh_meta_campaigns',
    'wh_meta_daily_insights',
    'wh_ad_platform_ads',
    'wh_ad_platform_ad_daily',
    'ad_click_matches',
  ],
};
