import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerCampaignRoutes } from './routes.ts';

/** The campaigns feature (decision 190): Campaign Performance. */
export const campaignsFeature: FeaturePlugin = {
  name: 'campaigns',
  routes: async (app, { deps }) => registerCampaignRoutes(app, deps),
};
