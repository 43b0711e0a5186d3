import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardKpiQuerySchema, DashboardKpisSchema } from '../../../shared/contracts/dashboard.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { readDashboardKpis } from './read-dashboard.ts';

/** The Dashboard's KPIs of the caller's workspace for the last 7, 30 or 90 shop-local days. */
export function registerDashboardRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/dashboard/kpis',
    { schema: { querystring: DashboardKpiQuerySchema, response: { 200: DashboardKpisSchema } } },
    async (request) =>
      readDashboardKpis(deps, requireAuth(request).workspaceId, Number(request.query.period), deps.clock()),
  );
}
