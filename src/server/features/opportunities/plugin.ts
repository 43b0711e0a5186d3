import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerOpportunityRoutes } from './routes.ts';

/** The opportunities feature (decision 190): Revenue opportunities: list, stats, implement, dismiss, export. */
export const opportunitiesFeature: FeaturePlugin = {
  name: 'opportunities',
  routes: async (app, { deps }) => registerOpportunityRoutes(app, deps),
};
