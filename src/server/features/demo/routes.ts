import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DemoConnectResponseSchema, DemoCredentialsSchema } from '../../../shared/contracts/credentials.ts';
import { DemoStoreAddedSchema } from '../../../shared/contracts/stores.ts';
import { requireAuth, requireRole } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { catalogue, enqueue } from '../../jobs/catalogue.ts';
import type { DemoTracking } from '../../platform/ports/demo-tracking.ts';
import type { EnterDemoProfitSetup } from '../../platform/ports/enter-demo-profit-setup.ts';
import { addDemoStore } from './add-demo-store.ts';
import { connectDemoStore, getDemoCredentials } from './connect-demo-store.ts';
import { registerDemoStorefrontRoutes } from './storefront-routes.ts';

/**
 * Demo mode: the demo credentials for prefilling the forms (signed-in users only, 404 when demo
 * mode is off) and one-click connect of all three demo sources through the normal services. What
 * the costs and tracking features do for it comes in as ports from the composition root
 * (decision 166).
 */
export function registerDemoRoutes(
  fastify: FastifyInstance,
  deps: AppDeps,
  ports: { enterProfitSetup: EnterDemoProfitSetup; tracking: DemoTracking },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = () => deps.integration;

  app.get(
    '/api/demo/credentials',
    { config: { access: 'read' }, schema: { response: { 200: DemoCredentialsSchema } } },
    async (request, reply) => {
      requireAuth(request);
      reply.header('cache-control', 'no-store');
      return getDemoCredentials(context());
    },
  );

  app.post(
    '/api/demo/connect',
    {
      config: { access: 'connections', audit: 'credentials.changed' },
      schema: { response: { 200: DemoConnectResponseSchema } },
    },
    async (request) => {
      const { workspaceId, userId } = requireAuth(request);
      const answer = await connectDemoStore(context(), ports.enterProfitSetup, workspaceId, {
        userId,
        setup: deps.demo?.profitSetup,
      });
      // The storefront's tracker history and pixel checkouts load after the first analysis
      // (decision 204): the owner sees the synced orders' opportunities first.
      if (deps.demo?.storefront)
        await enqueue(deps.db, catalogue.recordDemoStorefront, { workspaceId }, { now: deps.clock() });
      return answer;
    },
  );
  app.post(
    '/api/demo/stores',
    {
      config: { access: 'members', audit: 'store.created' },
      schema: { response: { 200: DemoStoreAddedSchema, 201: DemoStoreAddedSchema } },
    },
    async (request, reply) => {
      const principal = requireRole(request, ['owner', 'admin'], 'Only owners and admins can add stores.');
      const added = await addDemoStore(
        deps.db,
        context(),
        ports.enterProfitSetup,
        deps.demo?.second,
        principal,
        deps.clock(),
      );
      return reply.status(added.created ? 201 : 200).send(added.body);
    },
  );
  registerDemoStorefrontRoutes(fastify, deps, ports.tracking);
}
