import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerJourneyRoutes } from './routes.ts';

/** The journeys feature (decision 190): First-party journeys: attribution-rate health and the attribution models. */
export const journeysFeature: FeaturePlugin = {
  name: 'journeys',
  routes: async (app, { deps }) => registerJourneyRoutes(app, deps),
};
