import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CohortProfitSchema } from '../../../shared/contracts/customers.ts';
import { dayRangeRequestOf } from '../../../shared/contracts/date-range.ts';
import {
  ProductAffinityQuerySchema,
  ProductAffinitySchema,
} from '../../../shared/contracts/product-affinity.ts';
import { ProductProfitQuerySchema, ProductProfitSchema } from '../../../shared/contracts/products.ts';
import { keepContributionAnswer } from '../../domain/contribution/keep-contribution-answer.ts';
import { readCohortProfit } from '../../domain/contribution/read-cohort-profit.ts';
import { readProductProfit } from '../../domain/contribution/read-product-profit.ts';
import { readProductAffinity } from '../../domain/product-affinity/read-product-affinity.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';

/**
 * Profit where decisions are made (issue #13): per product over a range, per customer cohort and
 * channel, and products bought together (issue #44).
 */
export function registerContributionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/products/profit',
    {
      config: { access: 'costs:read' },
      schema: { querystring: ProductProfitQuerySchema, response: { 200: ProductProfitSchema } },
      // A signed-out caller gets 401 before the query is judged, like every other private read.
      preValidation: async (request) => {
        requireAuth(request);
      },
    },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      const { from, to } = request.query;
      return keepContributionAnswer(deps, 'products', workspaceId, [from, to], () =>
        readProductProfit(deps.db, workspaceId, { from, to }),
      );
    },
  );
  api.get(
    '/api/products/affinity',
    {
      config: { access: 'costs:read' },
      schema: { querystring: ProductAffinityQuerySchema, response: { 200: ProductAffinitySchema } },
      preValidation: async (request) => {
        requireAuth(request);
      },
    },
    async (request) =>
      readProductAffinity(
        deps,
        requireAuth(request).workspaceId,
        dayRangeRequestOf({ ...request.query, compare: 'none' }),
        deps.clock(),
      ),
  );
  api.get(
    '/api/customers/cohort-profit',
    { config: { access: 'costs:read' }, schema: { response: { 200: CohortProfitSchema } } },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return keepContributionAnswer(deps, 'cohorts', workspaceId, null, () =>
        readCohortProfit(deps.db, workspaceId),
      );
    },
  );
}
