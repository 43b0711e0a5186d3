import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdSpendResponseSchema } from '../../../shared/contracts/ad-spend.ts';
import { DayRangeQuerySchema, dayRangeRequestOf } from '../../../shared/contracts/date-range.ts';
import { readAdSpend } from '../../domain/ad-spend/read-ad-spend.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { registerSpendImportRoutes } from './import-routes.ts';

/**
 * GET /api/ad-spend (issue #39): every ad platform's spend over the shared range, in the shop
 * currency; and the spend imports of step 4 (import-routes.ts).
 */
export async function registerAdSpendRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/ad-spend',
    {
      config: { access: 'read' },
      schema: { querystring: DayRangeQuerySchema, response: { 200: AdSpendResponseSchema } },
    },
    async (request) =>
      readAdSpend(deps.db, requireAuth(request).workspaceId, dayRangeRequestOf(request.query), deps.clock()),
  );
  await registerSpendImportRoutes(fastify, deps);
}
