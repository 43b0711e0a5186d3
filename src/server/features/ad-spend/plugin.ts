import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { adSpendJobs } from './jobs.ts';
import { registerAdSpendRoutes } from './routes.ts';

/** The ad-spend feature (decision 190): Ad spend over a range, the spend imports, and the published spend sheets' fetch. */
export const adSpendFeature: FeaturePlugin = {
  name: 'ad-spend',
  routes: async (app, { deps }) => registerAdSpendRoutes(app, deps),
  jobs: adSpendJobs,
  tables: ['ad_spend_sheets', 'ad_spend_manual_lines'],
};
