import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerAskRoutes } from './routes.ts';

/** The ask feature (decision 190): Ask Upside in the app. */
export const askFeature: FeaturePlugin = {
  name: 'ask',
  routes: async (app, { deps }) => registerAskRoutes(app, deps),
};
