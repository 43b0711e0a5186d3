import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { foldStoredFunnels } from './fold-stored-funnels.ts';
import { registerFunnelRoutes } from './routes.ts';

/**
 * The funnels feature (decision 190): saved funnels and their reports. It provides the tracking
 * feature's hourly upkeep the fold of new events into every stored funnel (decision 180).
 */
export const funnelsFeature = {
  name: 'funnels',
  routes: async (app, { deps }) => registerFunnelRoutes(app, deps),
  provides: { foldStoredFunnels },
} satisfies FeaturePlugin;
