import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CustomerListQuerySchema,
  CustomerListSchema,
  CustomersSummarySchema,
} from '../../../shared/contracts/customers.ts';
import { listCustomers, readCustomersSummary } from '../../domain/customers/read-customers.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';

/** Customer Segments: segments with churn and CLV, and the paged customer list of the caller's workspace. */
export function registerCustomerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/customers/summary',
    { config: { access: 'read' }, schema: { response: { 200: CustomersSummarySchema } } },
    async (request) => readCustomersSummary(deps, requireAuth(request).workspaceId),
  );
  api.get(
    '/api/customers',
    {
      config: { access: 'read', personalData: true },
      schema: { querystring: CustomerListQuerySchema, response: { 200: CustomerListSchema } },
    },
    async (request, reply) => {
      const { workspaceId, canSeePersonalData } = requireAuth(request);
      // Names and e-mails of the shop's customers: never cached by the browser or a proxy.
      reply.header('cache-control', 'no-store');
      return listCustomers(deps, workspaceId, request.query, deps.clock(), {
        personalData: canSeePersonalData,
      });
    },
  );
}
