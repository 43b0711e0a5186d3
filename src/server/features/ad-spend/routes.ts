import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdSpendResponseSchema } from '../../../shared/contracts/ad-spend.ts';
import { DayRangeQuerySchema, dayRangeRequestOf } from '../../../shared/contracts/date-range.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { readAdSpend } from './read-ad-spend.ts';

/** GET /api/ad-spend (issue #39): every ad platform's spend over the shared range, in the shop currency. */
export function registerAdSpendRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/ad-spend',
    { schema: { querystring: DayRangeQuerySchema, response: { 200: AdSpendResponseSchema } } },
    async (request) =>
      readAdSpend(deps.db, requireAuth(request).workspaceId, dayRangeRequestOf(request.query), deps.clock()),
  );
}
