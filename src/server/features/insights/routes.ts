import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dayRangeRequestOf } from '../../../shared/contracts/date-range.ts';
import { InsightsQuerySchema, InsightsResponseSchema } from '../../../shared/contracts/insights.ts';
import { readInsights } from '../../domain/insights/read-insights.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';

/** AI Insights of the caller's workspace: anomalies and narrative insights for 7, 30 or 90 days. */
export function registerInsightRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/insights',
    {
      config: { access: 'read' },
      schema: { querystring: InsightsQuerySchema, response: { 200: InsightsResponseSchema } },
    },
    async (request) =>
      readInsights(deps, requireAuth(request).workspaceId, dayRangeRequestOf(request.query), deps.clock()),
  );
}
