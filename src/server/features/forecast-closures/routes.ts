import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RevenueForecastSchema } from '../../../shared/contracts/analytics.ts';
import { ForecastClosureParamsSchema } from '../../../shared/contracts/forecast-closures.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import type { RunAnalysisNow } from '../../platform/ports/run-analysis-now.ts';
import { setForecastClosure } from './set-forecast-closure.ts';

/**
 * The revenue forecast's closures the owner confirms (decision 013): confirm, withdraw. Each re-runs
 * the analysis through `runAnalysisNow`, a port the composition root passes in (decision 155).
 */
export function registerForecastClosureRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  runAnalysisNow: RunAnalysisNow,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { params: ForecastClosureParamsSchema, response: { 200: RevenueForecastSchema } };
  api.put(
    '/api/analytics/forecast-closures/:date',
    { config: { access: 'analyze' }, schema },
    async (request) =>
      setForecastClosure(deps, requireAuth(request), request.params.date, true, runAnalysisNow),
  );
  api.delete(
    '/api/analytics/forecast-closures/:date',
    { config: { access: 'analyze', audit: 'data.deleted' }, schema },
    async (request) =>
      setForecastClosure(deps, requireAuth(request), request.params.date, false, runAnalysisNow),
  );
}
