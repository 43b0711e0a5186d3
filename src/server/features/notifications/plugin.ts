import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { notificationJobs } from './jobs.ts';
import { registerNotificationRoutes } from './routes.ts';

/** The notifications feature (decision 190): Notification channels, history, settings and unsubscribe; the digest's tick. */
export const notificationsFeature: FeaturePlugin = {
  name: 'notifications',
  routes: async (app, { deps }) => registerNotificationRoutes(app, deps),
  jobs: notificationJobs,
  tables: ['notification_settings'],
};
