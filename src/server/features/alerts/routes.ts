import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AlertListSchema,
  AlertRuleListSchema,
  AlertRuleParamsSchema,
  AlertRuleSchema,
  CreateAlertRuleBodySchema,
} from '../../../shared/contracts/notifications.ts';
import { isCostMetric } from '../../../shared/permissions.ts';
import { readAlertList } from '../../domain/notifications/alerts-history.ts';
import { requireAuth, signedInFirst } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { createRule, deleteRule, listRules } from './threshold-rules.ts';

/**
 * Alerts (issue #14): the alerts raised and the owner's threshold rules. The paths stay under
 * /api/notifications/rules; the routes live here, beside the rules they manage, so notifications
 * imports no alerts code (issue #37, decision 166).
 */
export function registerAlertRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/alerts',
    { config: { access: 'read' }, schema: { response: { 200: AlertListSchema } } },
    async (request) => readAlertList(deps.db, requireAuth(request)),
  );
  api.get(
    '/api/notifications/rules',
    { config: { access: 'read' }, schema: { response: { 200: AlertRuleListSchema } } },
    async (request) => {
      const { workspaceId, canSeeCosts } = requireAuth(request);
      const rules = await listRules(deps.db, workspaceId);
      return { rules: canSeeCosts ? rules : rules.filter((rule) => !isCostMetric(rule.metric)) };
    },
  );
  api.post(
    '/api/notifications/rules',
    {
      config: { access: 'connections' },
      preValidation: signedInFirst,
      schema: { body: CreateAlertRuleBodySchema, response: { 201: AlertRuleSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createRule(deps.db, requireAuth(request).workspaceId, request.body, deps.clock())),
  );
  api.delete(
    '/api/notifications/rules/:id',
    {
      config: { access: 'connections', audit: 'data.deleted' },
      preValidation: signedInFirst,
      schema: { params: AlertRuleParamsSchema },
    },
    async (request, reply) => {
      await deleteRule(deps.db, requireAuth(request).workspaceId, request.params.id);
      return reply.status(204).send();
    },
  );
}
