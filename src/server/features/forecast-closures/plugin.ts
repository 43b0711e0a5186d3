import type { AppDeps } from '../../http/deps.ts';
import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import type { RunAnalysisNow } from '../../platform/ports/run-analysis-now.ts';
import { registerForecastClosureRoutes } from './routes.ts';

/**
 * The forecast-closures feature (decision 190): confirm or withdraw a closure, each re-running the
 * analysis through the analysis feature's port (decision 155).
 */
export const forecastClosuresFeature = (ports: {
  runAnalysisNow: (deps: AppDeps) => RunAnalysisNow;
}): FeaturePlugin => ({
  name: 'forecast-closures',
  routes: async (app, { deps }) => registerForecastClosureRoutes(app, deps, ports.runAnalysisNow(deps)),
});
