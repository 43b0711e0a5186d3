import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerCreativeRoutes } from './routes.ts';

/** The creatives feature (decision 190): Creatives and their fatigue. */
export const creativesFeature: FeaturePlugin = {
  name: 'creatives',
  routes: async (app, { deps }) => registerCreativeRoutes(app, deps),
};
