import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ProfitQuerySchema, ProfitReportSchema } from '../../../shared/contracts/profit.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { readProfitReport } from './read-profit-report.ts';

/** The Profit page's P&L (issue #13): any range of shop days, by day, week or month, compared or not. */
export function registerProfitRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/profit',
    {
      schema: { querystring: ProfitQuerySchema, response: { 200: ProfitReportSchema } },
      // A signed-out caller gets 401 before the query is judged, like every other private read.
      preValidation: async (request) => {
        requireAuth(request);
      },
    },
    async (request) => readProfitReport(deps, requireAuth(request).workspaceId, request.query),
  );
}
