import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import type { FoldStoredFunnels } from '../../platform/ports/fold-stored-funnels.ts';
import { registerTrackingConfigurationRoutes } from './configuration-routes.ts';
import { demoTracking } from './demo/demo-tracking.ts';
import { trackingJobs } from './jobs.ts';
import { registerCursorTrackingRoutes } from './routes.ts';

/**
 * The tracking feature (decision 190): cursor tracking's ingest, script and reads, the tracked
 * websites, and the hourly upkeep, which folds new events into the stored funnels through the
 * funnels feature's port (decision 180). It provides the demo its storefront's tracking.
 */
export const trackingFeature = (ports: { foldStoredFunnels: FoldStoredFunnels }) =>
  ({
    name: 'tracking',
    routes: async (app, { deps }) => {
      await registerCursorTrackingRoutes(app, deps);
      registerTrackingConfigurationRoutes(app, deps);
    },
    jobs: trackingJobs(ports),
    tables: [
      'tracking_configurations',
      'tracking_events',
      'tracking_heatmap_fold_state',
      'tracking_heatmap_tiles',
      'tracking_pixel_events',
      'tracking_rate_buckets',
    ],
    provides: { demoTracking },
  }) satisfies FeaturePlugin;
