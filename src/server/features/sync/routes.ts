import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SyncRunRequestSchema,
  SyncRunResponseSchema,
  SyncStatusResponseSchema,
} from '../../../shared/contracts/sync.ts';
import { readSyncStatus } from '../../domain/sync/read-sync-status.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { runSyncNow } from './run-sync-now.ts';

/** Data freshness: per-source sync status, and "Sync now". Both scoped to the caller's workspace. */
export function registerSyncRoutes(app: FastifyInstance, deps: AppDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/sync/status',
    { config: { access: 'read' }, schema: { response: { 200: SyncStatusResponseSchema } } },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return readSyncStatus(deps.db, workspaceId, deps.clock(), deps.env.syncIntervalMinutes);
    },
  );

  typed.post(
    '/api/sync/run',
    {
      config: { access: 'connections' },
      schema: { body: SyncRunRequestSchema, response: { 202: SyncRunResponseSchema } },
    },
    async (request, reply) => {
      const { workspaceId } = requireAuth(request);
      const result = await runSyncNow(deps.db, workspaceId, request.body, deps.clock());
      return reply.status(202).send(result);
    },
  );
}
