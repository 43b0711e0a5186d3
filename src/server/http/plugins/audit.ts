import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { AppDeps } from '../deps.ts';

/**
 * Records the successful calls of every route whose `config.audit` names an action (decision 135;
 * issue #17 item 4: who called it, when, and the route with its path parameters and query as the
 * "what"; member, role and invitation changes, a cost entry and a finished cost recalculation are
 * recorded by their own services, with the before and after) before the answer leaves, so a
 * client that saw the answer finds the entry. A failed write is logged at error level and the
 * answer still goes out: the change itself is already committed.
 */
export function registerAuditHook(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    const action = request.routeOptions.config?.audit;
    const auth = request.auth;
    if (!action || !auth || reply.statusCode >= 400) return payload;
    const query = request.query as Record<string, unknown> | undefined;
    const params = request.params as Record<string, unknown> | undefined;
    try {
      await recordAudit(
        deps.db,
        {
          teamId: auth.teamId,
          storeId: auth.workspaceId,
          actorUserId: auth.userId,
          action,
          target: route,
          details: {
            ...(params && Object.keys(params).length > 0 ? { params } : {}),
            ...(query && Object.keys(query).length > 0 ? { query } : {}),
            ...(request.headers.authorization ? { via: 'api-token' } : {}),
          },
        },
        deps.clock(),
      );
    } catch (error) {
      request.log.error({ err: error, route }, 'audit entry not recorded');
    }
    return payload;
  });
}
