import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerInsightRoutes } from './routes.ts';

/** The insights feature (decision 190): AI Insights. */
export const insightsFeature: FeaturePlugin = {
  name: 'insights',
  routes: async (app, { deps }) => registerInsightRoutes(app, deps),
};
