import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { warehouseSyncJobs } from './jobs.ts';

/**
 * The warehouse-sync feature (decision 190): the five sync jobs and the schedule of due syncs; no
 * routes ("Sync now" is the sync feature's, through the queue).
 */
export const warehouseSyncFeature: FeaturePlugin = {
  name: 'warehouse-sync',
  jobs: warehouseSyncJobs,
};
