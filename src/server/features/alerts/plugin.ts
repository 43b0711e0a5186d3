import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { alertJobs } from './jobs.ts';
import { registerAlertRoutes } from './routes.ts';

/** The alerts feature (decision 190): Alerts and their rules; their evaluation job. */
export const alertsFeature: FeaturePlugin = {
  name: 'alerts',
  routes: async (app, { deps }) => registerAlertRoutes(app, deps),
  jobs: alertJobs,
  tables: ['alerts', 'alert_rules', 'alert_notes'],
};
