import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LeadTimeInputSchema,
  LeadTimeSchema,
  ProductDailySchema,
  ProductIdParamsSchema,
  ProductPerformanceSchema,
  ProductPeriodQuerySchema,
} from '../../../shared/contracts/products.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { setLeadTime } from './lead-times.ts';
import { readProductDaily, readProductPerformance } from './read-products.ts';

/** Product Analysis: sales, velocity, stock cover and stock-out losses per product over 7, 30 or 90 days. */
export function registerProductRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/products/performance',
    {
      config: { access: 'read' },
      schema: { querystring: ProductPeriodQuerySchema, response: { 200: ProductPerformanceSchema } },
    },
    async (request) =>
      readProductPerformance(
        deps,
        requireAuth(request).workspaceId,
        Number(request.query.period),
        deps.clock(),
      ),
  );
  api.put(
    '/api/products/:productId/lead-time',
    {
      config: { access: 'analyze' },
      schema: {
        params: ProductIdParamsSchema,
        body: LeadTimeInputSchema,
        response: { 200: LeadTimeSchema },
      },
    },
    async (request) =>
      setLeadTime(
        deps.db,
        requireAuth(request),
        request.params.productId,
        request.body.leadTimeDays,
        deps.clock(),
      ),
  );
  api.get(
    '/api/products/:productId/daily',
    {
      config: { access: 'read' },
      schema: {
        params: ProductIdParamsSchema,
        querystring: ProductPeriodQuerySchema,
        response: { 200: ProductDailySchema },
      },
    },
    async (request) =>
      readProductDaily(
        deps.db,
        requireAuth(request).workspaceId,
        request.params.productId,
        Number(request.query.period),
        deps.clock(),
      ),
  );
}
