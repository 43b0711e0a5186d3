import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiTokenListSchema,
  ApiTokenParamsSchema,
  CreateApiTokenBodySchema,
  CreatedApiTokenSchema,
} from '../../../shared/contracts/api-tokens.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { createApiToken } from './create-api-token.ts';
import { listApiTokens } from './list-api-tokens.ts';
import { revokeApiToken } from './revoke-api-token.ts';

/** The profile page's API tokens: create (shown once), list, revoke. */
export function registerApiTokenRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/tokens',
    {
      config: { access: 'connections', audit: 'api-token.created' },
      schema: { body: CreateApiTokenBodySchema, response: { 201: CreatedApiTokenSchema } },
    },
    async (request, reply) => {
      const created = await createApiToken(deps.db, requireAuth(request), request.body, deps.clock());
      // The only time the token is sent: never cached anywhere.
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );
  api.get(
    '/api/tokens',
    { config: { access: 'connections' }, schema: { response: { 200: ApiTokenListSchema } } },
    async (request) => listApiTokens(deps.db, requireAuth(request).workspaceId),
  );
  api.delete(
    '/api/tokens/:id',
    {
      config: { access: 'connections', audit: 'api-token.revoked' },
      schema: { params: ApiTokenParamsSchema },
    },
    async (request, reply) => {
      await revokeApiToken(deps.db, requireAuth(request).workspaceId, request.params.id, deps.clock());
      return reply.status(204).send();
    },
  );
}
