import type { AppDeps } from '../../http/deps.ts';
import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import type { RunModelChecks } from '../../platform/ports/run-model-checks.ts';
import { registerModelRoutes } from './routes.ts';

/**
 * The models feature (decision 190): Predictive Models: diagnostics and run history. The checks run
 * on the analysis worker through the analysis feature's port (decisions 155, 215).
 */
export const modelsFeature = (ports: {
  runModelChecks: (deps: AppDeps) => RunModelChecks;
}): FeaturePlugin => ({
  name: 'models',
  tables: ['analysis_model_checks'],
  routes: async (app, { deps }) => registerModelRoutes(app, deps, ports.runModelChecks(deps)),
});
