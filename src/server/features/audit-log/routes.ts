import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditLogPageSchema, AuditLogQuerySchema } from '../../../shared/contracts/members.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { readAuditLog } from './read-audit-log.ts';

/** GET /api/audit-log (owners and admins: the `audit` permission). */
export function registerAuditLogRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/audit-log',
    {
      config: { access: 'audit' },
      schema: { querystring: AuditLogQuerySchema, response: { 200: AuditLogPageSchema } },
    },
    async (request) => readAuditLog(deps.db, requireAuth(request).teamId, request.query),
  );
}
