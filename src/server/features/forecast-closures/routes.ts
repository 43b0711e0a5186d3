import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RevenueForecastSchema } from '../../../shared/contracts/analytics.ts';
import { ForecastClosureParamsSchema } from '../../../shared/contracts/forecast-closures.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { setForecastClosure } from './set-forecast-closure.ts';

/** The revenue forecast's closures the owner confirms (decision 013): confirm, withdraw. */
export function registerForecastClosureRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { params: ForecastClosureParamsSchema, response: { 200: RevenueForecastSchema } };
  api.put(
    '/api/analytics/forecast-closures/:date',
    { config: { access: 'analyze' }, schema },
    async (request) => setForecastClosure(deps, requireAuth(request), request.params.date, true),
  );
  api.delete(
    '/api/analytics/forecast-closures/:date',
    { config: { access: 'analyze', audit: 'data.deleted' }, schema },
    async (request) => setForecastClosure(deps, requireAuth(request), request.params.date, false),
  );
}
