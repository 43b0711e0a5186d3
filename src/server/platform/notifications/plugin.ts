import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { notificationDeliveryJobs } from './jobs.ts';

/**
 * Notification delivery as a platform plugin (decision 190): the deliver-notification job, which
 * alerts, the digest and invitations all queue (decision 155); listed with the features.
 */
export const notificationDeliveryPlugin: FeaturePlugin = {
  name: 'notification-delivery',
  jobs: notificationDeliveryJobs,
};
