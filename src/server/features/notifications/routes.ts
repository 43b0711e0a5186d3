import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CaughtMailListSchema,
  ChannelListSchema,
  ChannelParamsSchema,
  CreateChannelBodySchema,
  CreatedChannelSchema,
  DeliveryListSchema,
  DemoSlackSchema,
  DigestTestBodySchema,
  NotificationSettingsBodySchema,
  NotificationSettingsSchema,
  SendResultSchema,
  UnsubscribeQuerySchema,
} from '../../../shared/contracts/notifications.ts';
import { mentionsCostMetric } from '../../../shared/permissions.ts';
import { requireAuth, signedInFirst } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { catchesMail, closeMail, mailCatcherOf } from '../../platform/mail/mail-transport.ts';
import { createChannel, deleteChannel, listChannels } from '../../platform/notifications/channels.ts';
import { listDeliveries } from '../../platform/notifications/delivery-store.ts';
import { readSettings, saveSettings } from './settings.ts';
import { sendChannelTest, sendDigestTest } from './test-messages.ts';
import { unsubscribe, unsubscribeConfirmPage, unsubscribedPage } from './unsubscribe.ts';

/**
 * Notifications (issue #14): channels, "Send test", history, settings, unsubscribe, caught mail (the
 * alerts and their rules: alerts/routes.ts).
 */
export function registerNotificationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onClose', () => closeMail(deps));

  api.get(
    '/api/notifications/channels',
    { config: { access: 'read' }, schema: { response: { 200: ChannelListSchema } } },
    async (request) => ({
      channels: await listChannels(deps, requireAuth(request).workspaceId),
    }),
  );
  api.post(
    '/api/notifications/channels',
    {
      config: { access: 'connections', audit: 'credentials.changed' },
      preValidation: signedInFirst,
      schema: { body: CreateChannelBodySchema, response: { 201: CreatedChannelSchema } },
    },
    async (request, reply) => {
      const created = await createChannel(deps, requireAuth(request).workspaceId, request.body, deps.clock());
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );
  api.delete(
    '/api/notifications/channels/:id',
    {
      config: { access: 'connections', audit: 'credentials.removed' },
      preValidation: signedInFirst,
      schema: { params: ChannelParamsSchema },
    },
    async (request, reply) => {
      await deleteChannel(deps, requireAuth(request).workspaceId, request.params.id);
      return reply.status(204).send();
    },
  );
  api.post(
    '/api/notifications/channels/:id/test',
    {
      config: { access: 'connections' },
      preValidation: signedInFirst,
      schema: { params: ChannelParamsSchema, response: { 200: SendResultSchema } },
    },
    async (request) => ({
      delivery: await sendChannelTest(deps, requireAuth(request).workspaceId, request.params.id),
    }),
  );
  api.post(
    '/api/notifications/digests/test',
    {
      config: { access: 'connections' },
      preValidation: signedInFirst,
      schema: { body: DigestTestBodySchema.nullish(), response: { 200: SendResultSchema } },
    },
    async (request) => ({
      delivery: await sendDigestTest(deps, requireAuth(request), request.body?.period ?? 'daily'),
    }),
  );
  api.get(
    '/api/notifications/deliveries',
    { config: { access: 'read' }, schema: { response: { 200: DeliveryListSchema } } },
    async (request) => {
      const { workspaceId, canSeeCosts } = requireAuth(request);
      const deliveries = await listDeliveries(deps.db, workspaceId);
      return {
        deliveries: canSeeCosts ? deliveries : deliveries.filter((d) => !mentionsCostMetric(d.subject)),
      };
    },
  );
  api.get(
    '/api/notifications/settings',
    { config: { access: 'read' }, schema: { response: { 200: NotificationSettingsSchema } } },
    async (request) => {
      const auth = requireAuth(request);
      return readSettings(deps.db, auth.workspaceId, auth.userId);
    },
  );
  api.put(
    '/api/notifications/settings',
    {
      config: { access: 'connections' },
      preValidation: signedInFirst,
      schema: { body: NotificationSettingsBodySchema, response: { 200: NotificationSettingsSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      return saveSettings(deps.db, auth.workspaceId, auth.userId, request.body, deps.clock());
    },
  );
  api.get(
    '/api/notifications/caught-mail',
    { config: { access: 'connections' }, schema: { response: { 200: CaughtMailListSchema } } },
    async (request) => {
      requireAuth(request);
      const catcher = await mailCatcherOf(deps);
      return { enabled: catchesMail(deps), messages: catcher?.messages() ?? [] };
    },
  );

  api.get(
    '/api/notifications/demo-slack',
    { config: { access: 'connections' }, schema: { response: { 200: DemoSlackSchema } } },
    async (request) => {
      requireAuth(request);
      const slack = deps.demo?.slack;
      return {
        webhookUrl: slack?.webhookUrl ?? null,
        messages: [...(slack?.received ?? [])]
          .reverse()
          .slice(0, 20)
          .map((message) => ({ text: message.text ?? null, receivedAt: message.receivedAt })),
      };
    },
  );

  // The link in every digest: a confirmation page, and the one-click POST (RFC 8058) that mail
  // clients send from their own servers — the signed token is the authority, not a session.
  api.get(
    '/api/notifications/unsubscribe',
    { config: { access: 'public' }, schema: { querystring: UnsubscribeQuerySchema } },
    async (request, reply) =>
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(unsubscribeConfirmPage(request.query.token)),
  );
  // Mail providers post `List-Unsubscribe=One-Click` as a form (RFC 8058): parsed in this scope only.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/notifications/unsubscribe',
      {
        config: { access: 'public', allowCrossSite: true },
        schema: { querystring: UnsubscribeQuerySchema },
      },
      async (request, reply) => {
        await unsubscribe(deps.db, deps.secrets.sessionSecret, request.query.token, deps.clock());
        return reply.header('content-type', 'text/html; charset=utf-8').send(unsubscribedPage());
      },
    );
  });
}
