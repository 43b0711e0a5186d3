import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerAdPlatformRoutes } from './routes.ts';

/** The ad-platforms feature (decision 190): Google Ads and TikTok credentials. */
export const adPlatformsFeature: FeaturePlugin = {
  name: 'ad-platforms',
  routes: async (app, { deps }) => registerAdPlatformRoutes(app, deps),
};
