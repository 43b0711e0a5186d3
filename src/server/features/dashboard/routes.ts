import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardKpiQuerySchema, DashboardKpisSchema } from '../../../shared/contracts/dashboard.ts';
import { dayRangeRequestOf } from '../../../shared/contracts/date-range.ts';
import { readDashboardKpis } from '../../domain/dashboard/read-dashboard.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { readOnReplica } from '../../http/read-replica-routing.ts';

/** The Dashboard's KPIs of the caller's workspace over a range of shop days (issue #36). */
export function registerDashboardRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/dashboard/kpis',
    {
      config: { access: 'read' },
      schema: { querystring: DashboardKpiQuerySchema, response: { 200: DashboardKpisSchema } },
    },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      // A heavy read: on the read replica when one is configured and fresh (decision 126).
      return readOnReplica(deps, request, (db) =>
        readDashboardKpis(
          { db, caches: deps.caches },
          workspaceId,
          dayRangeRequestOf(request.query),
          deps.clock(),
        ),
      );
    },
  );
}
