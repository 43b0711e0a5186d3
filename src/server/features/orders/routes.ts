import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OrderLookupResponseSchema,
  OrderNameParamsSchema,
  ShopifySummarySchema,
} from '../../../shared/contracts/shopify.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { getShopifySummary, lookupShopifyOrder } from './lookup-shopify-order.ts';

/** Order lookup (spec §7) and the dashboard's Shopify summary. */
export function registerShopifyRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = () => deps.integration;

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
