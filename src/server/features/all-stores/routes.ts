import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AllStoresDashboardQuerySchema,
  AllStoresDashboardSchema,
  AllStoresProductsQuerySchema,
  AllStoresProductsSchema,
  AllStoresProfitQuerySchema,
  AllStoresProfitSchema,
  WorkspacePatchBodySchema,
  WorkspaceSettingsSchema,
} from '../../../shared/contracts/all-stores.ts';
import { requireAuth, requireRole } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { setReportingCurrency } from '../../platform/workspace/manage-team.ts';
import { readAllStoresDashboard } from './read-all-stores-dashboard.ts';
import { readAllStoresProducts } from './read-all-stores-products.ts';
import { readAllStoresProfit } from './read-all-stores-profit.ts';

/**
 * The All-stores views of the dashboard, profit and products pages (issue #17 item 1, decision
 * 067), and the workspace's reporting currency they sum into (owners change it).
 */
export function registerAllStoresRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/all-stores/dashboard',
    {
      config: { access: 'read' },
      schema: { querystring: AllStoresDashboardQuerySchema, response: { 200: AllStoresDashboardSchema } },
    },
    async (request) =>
      readAllStoresDashboard(deps, requireAuth(request), request.query.periodDays, deps.clock()),
  );
  api.get(
    '/api/all-stores/profit',
    {
      config: { access: 'costs:read' },
      schema: { querystring: AllStoresProfitQuerySchema, response: { 200: AllStoresProfitSchema } },
    },
    async (request) => readAllStoresProfit(deps, requireAuth(request), request.query),
  );
  api.get(
    '/api/all-stores/products',
    {
      config: { access: 'read' },
      schema: { querystring: AllStoresProductsQuerySchema, response: { 200: AllStoresProductsSchema } },
    },
    async (request) =>
      readAllStoresProducts(deps, requireAuth(request), Number(request.query.period), deps.clock()),
  );
  api.patch(
    '/api/workspace',
    {
      config: { access: 'members' },
      schema: { body: WorkspacePatchBodySchema, response: { 200: WorkspaceSettingsSchema } },
    },
    async (request) => {
      const principal = requireRole(request, ['owner'], 'Only owners can change the reporting currency.');
      await setReportingCurrency(deps.db, principal.teamId, request.body.reportingCurrency);
      return { reportingCurrency: request.body.reportingCurrency };
    },
  );
}
