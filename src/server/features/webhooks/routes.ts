import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DashboardTodaySchema,
  DataRequestExportListSchema,
  DataRequestExportParamsSchema,
  DemoLiveRequestSchema,
  DemoLiveResponseSchema,
  WebhookAcceptedSchema,
} from '../../../shared/contracts/webhooks.ts';
import { AppError } from '../../errors.ts';
import { requireAuth, signedInFirst } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { listDataRequestExports, readDataRequestExport } from './queries/data-request-exports.ts';
import { readToday } from './services/read-today.ts';
import { receiveShopifyWebhook, type WebhookReceiver } from './services/receive-webhook.ts';
import { ShopSecretCache } from './services/shop-secret-cache.ts';
import { readDemoLive, toggleDemoLive } from './services/toggle-demo-live.ts';
import { WebhookEventWriter } from './services/webhook-event-writer.ts';

/** Shopify sends at most this much; larger bodies answer 413 (issue #15). */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * Shopify webhooks and the live "today" figures (issue #15). The receiver is called by Shopify,
 * not a browser (cross-site allowed), and reads its body raw: the signature covers the exact bytes,
 * so the body is verified before it is parsed. Its own scope swaps the JSON parser for a raw one,
 * leaving every other route's parsing as it was.
 */
export async function registerWebhookRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = deps.integration;
  const receiver: WebhookReceiver = {
    secrets: new ShopSecretCache(deps.db, context.keyring, () => deps.clock().getTime()),
    writer: new WebhookEventWriter(deps.db),
    now: deps.clock,
  };
  fastify.addHook('onClose', async () => receiver.secrets.close());

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/webhooks/shopify',
      {
        config: { access: 'public', allowCrossSite: true },
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: { response: { 200: WebhookAcceptedSchema } },
      },
      async (request) =>
        receiveShopifyWebhook(receiver, deps.log, {
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          headers: request.headers,
        }),
    );
  });

  app.get(
    '/api/dashboard/today',
    { config: { access: 'read' }, schema: { response: { 200: DashboardTodaySchema } } },
    async (request, reply) => {
      const { workspaceId } = requireAuth(request);
      reply.header('cache-control', 'no-store');
      return readToday(deps, workspaceId, deps.clock());
    },
  );

  app.get(
    '/api/demo/live',
    { config: { access: 'read' }, schema: { response: { 200: DemoLiveResponseSchema } } },
    async (request, reply) => {
      const { workspaceId } = requireAuth(request);
      reply.header('cache-control', 'no-store');
      return readDemoLive(deps, workspaceId);
    },
  );

  app.post(
    '/api/demo/live',
    {
      config: { access: 'connections' },
      schema: { body: DemoLiveRequestSchema, response: { 200: DemoLiveResponseSchema } },
      preValidation: signedInFirst,
    },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return toggleDemoLive(deps, workspaceId, request.body.enabled);
    },
  );

  app.get(
    '/api/compliance/data-requests',
    {
      config: { access: 'connections', personalData: true },
      schema: { response: { 200: DataRequestExportListSchema } },
    },
    async (request, reply) => {
      const { workspaceId } = requireAuth(request);
      reply.header('cache-control', 'no-store');
      return listDataRequestExports(deps.db, workspaceId);
    },
  );

  app.get(
    '/api/compliance/data-requests/:id',
    {
      config: { access: 'connections', personalData: true },
      schema: { params: DataRequestExportParamsSchema },
      preValidation: signedInFirst,
    },
    async (request, reply) => {
      const { workspaceId } = requireAuth(request);
      const content = await readDataRequestExport(deps.db, workspaceId, request.params.id);
      if (content === null) throw new AppError(404, 'not_found', 'No such customer data export.');
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="customer-data-${request.params.id}.json"`)
        .send(content);
    },
  );
}
