import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreativeDailyParamsSchema,
  CreativeDailyQuerySchema,
  CreativeDailySchema,
  CreativesQuerySchema,
  CreativesSchema,
} from '../../../shared/contracts/creatives.ts';
import { dayRangeRequestOf } from '../../../shared/contracts/date-range.ts';
import { readCreatives } from '../../domain/creatives/read-creatives.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { readCreativeDaily } from './read-creative-daily.ts';

/** Creatives (issue #44): ads with their creative, verified figures and fatigue; one ad's days. */
export function registerCreativeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/creatives',
    {
      config: { access: 'read' },
      schema: { querystring: CreativesQuerySchema, response: { 200: CreativesSchema } },
    },
    async (request) => readCreatives(deps, requireAuth(request).workspaceId, request.query, deps.clock()),
  );
  api.get(
    '/api/creatives/:adId/daily',
    {
      config: { access: 'read' },
      schema: {
        params: CreativeDailyParamsSchema,
        querystring: CreativeDailyQuerySchema,
        response: { 200: CreativeDailySchema },
      },
    },
    async (request) =>
      readCreativeDaily(
        deps,
        requireAuth(request).workspaceId,
        request.params.adId,
        request.query.platform ?? 'meta',
        dayRangeRequestOf(request.query),
        deps.clock(),
      ),
  );
}
