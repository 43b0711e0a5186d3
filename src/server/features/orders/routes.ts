import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DayRangeQuerySchema, dayRangeRequestOf } from '../../../shared/contracts/date-range.ts';
import {
  OrderLookupResponseSchema,
  OrderNameParamsSchema,
  ShopifySummarySchema,
} from '../../../shared/contracts/shopify.ts';
import { readDashboardKpis } from '../../domain/dashboard/read-dashboard.ts';
import { getShopifySummary, lookupShopifyOrder } from '../../domain/orders/lookup-shopify-order.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';

/** Order lookup (spec §7) and the dashboard's Shopify summary. */
export function registerShopifyRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = () => deps.integration;

  app.get(
    '/api/shopify/order/:orderName',
    {
      config: { access: 'read', personalData: true },
      schema: { params: OrderNameParamsSchema, response: { 200: OrderLookupResponseSchema } },
    },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return lookupShopifyOrder(context(), workspaceId, request.params.orderName);
    },
  );

  app.get(
    '/api/shopify/summary',
    {
      config: { access: 'read' },
      schema: { querystring: DayRangeQuerySchema, response: { 200: ShopifySummarySchema } },
    },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      const [live, store] = await Promise.all([
        getShopifySummary(context(), workspaceId),
        readDashboardKpis(deps, workspaceId, dayRangeRequestOf(request.query), deps.clock()),
      ]);
      const k = store.kpis;
      if (!k || !store.from || !store.to) return live;
      // Synced: the store's own figures of the stated window, the same as every page's (issue #36).
      return {
        ...live,
        periodDays: store.periodDays,
        from: store.from,
        to: store.to,
        orderCount: k.orders.current,
        revenue: k.revenue.current,
        averageOrderValue: k.averageOrderValue.current,
        truncated: false,
      };
    },
  );
}
