import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateFunnelSchema,
  FunnelParamsSchema,
  FunnelReportQuerySchema,
  FunnelReportSchema,
  FunnelSchema,
  FunnelStepParamsSchema,
  FunnelStepSessionsSchema,
} from '../../../shared/contracts/funnels.ts';
import { CHECKOUT_FUNNEL } from '../../domain/funnels/checkout-funnel.ts';
import { createFunnel, getFunnel, listFunnels } from '../../domain/funnels/manage-funnels.ts';
import { readFunnelReport } from '../../domain/funnels/read-funnel-report.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { readFunnelStepSessions } from './read-funnel-step-sessions.ts';

/**
 * Funnels (issue 40): save and list funnels, the report of a saved one or of the built-in checkout,
 * and a step's sessions and exit pages.
 */
export function registerFunnelRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/funnels',
    { config: { access: 'read' }, schema: { response: { 200: z.array(FunnelSchema) } } },
    async (request) => listFunnels(deps.db, requireAuth(request).workspaceId),
  );
  api.post(
    '/api/funnels',
    { config: { access: 'analyze' }, schema: { body: CreateFunnelSchema, response: { 201: FunnelSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createFunnel(deps.db, requireAuth(request).workspaceId, request.body)),
  );
  api.get(
    '/api/funnels/:id/report',
    {
      config: { access: 'read' },
      schema: {
        params: FunnelParamsSchema,
        querystring: FunnelReportQuerySchema,
        response: { 200: FunnelReportSchema },
      },
    },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      const { id } = request.params;
      const funnel = id === 'checkout' ? CHECKOUT_FUNNEL : await getFunnel(deps.db, workspaceId, id);
      return readFunnelReport(deps.db, workspaceId, funnel, request.query, deps.clock());
    },
  );
  api.get(
    '/api/funnels/:id/steps/:step/sessions',
    {
      config: { access: 'read' },
      schema: {
        params: FunnelStepParamsSchema,
        querystring: FunnelReportQuerySchema,
        response: { 200: FunnelStepSessionsSchema },
      },
    },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      const { id, step } = request.params;
      const funnel = id === 'checkout' ? CHECKOUT_FUNNEL : await getFunnel(deps.db, workspaceId, id);
      return readFunnelStepSessions(deps.db, workspaceId, funnel, step, request.query, deps.clock());
    },
  );
}
