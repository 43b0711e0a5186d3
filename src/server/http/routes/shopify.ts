import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OrderLookupResponseSchema,
  OrderNameParamsSchema,
  ShopifySummarySchema,
} from '../../../shared/contracts/shopify.ts';
import { getIntegrationContext } from '../../services/integration-context.ts';
import { getShopifySummary, lookupShopifyOrder } from '../../services/lookup-shopify-order.ts';
import { requireAuth } from '../auth.ts';
import type { AppDeps } from '../deps.ts';

/** Order lookup (spec §7) and the dashboard's Shopify summary. */
export function registerShopifyRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = () => getIntegrationContext(deps);

  app.get(
    '/api/shopify/order/:orderName',
    { schema: { params: OrderNameParamsSchema, response: { 200: OrderLookupResponseSchema } } },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return lookupShopifyOrder(context(), workspaceId, request.params.orderName);
    },
  );

  app.get(
    '/api/shopify/summary',
    { schema: { response: { 200: ShopifySummarySchema } } },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return getShopifySummary(context(), workspaceId);
    },
  );
}
