import type { AppDeps } from '../../http/deps.ts';
import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import type { RunAnalysisNow } from '../../platform/ports/run-analysis-now.ts';
import { registerAnalyticsRoutes } from './routes.ts';

/**
 * The analytics feature (decision 190): the latest analysis snapshot's reads, the analysis status
 * and "run now", which runs through the analysis feature's port (decision 155).
 */
export const analyticsFeature = (ports: {
  runAnalysisNow: (deps: AppDeps) => RunAnalysisNow;
}): FeaturePlugin => ({
  name: 'analytics',
  routes: async (app, { deps }) => registerAnalyticsRoutes(app, deps, ports.runAnalysisNow(deps)),
});
