import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerPublicRoutes } from './routes.ts';

/** The public feature (decision 190): The public service probes. */
export const publicFeature: FeaturePlugin = {
  name: 'public',
  routes: async (app, { deps }) => registerPublicRoutes(app, deps),
};
