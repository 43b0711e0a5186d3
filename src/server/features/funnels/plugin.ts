import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { foldStoredFunnels } from './fold-stored-funnels.ts';
import { funnelJobs } from './jobs.ts';
import { registerFunnelRoutes } from './routes.ts';

/**
 * The funnels feature (decision 190): saved funnels and their reports. It provides the tracking
 * feature's hourly upkeep the fold of new events into every stored funnel (decision 180); its job
 * moves the funnels' segment slices to each new analysis run (decision 224).
 */
export const funnelsFeature = {
  name: 'funnels',
  routes: async (app, { deps }) => registerFunnelRoutes(app, deps),
  jobs: funnelJobs,
  provides: { foldStoredFunnels },
} satisfies FeaturePlugin;
