import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateStoreBodySchema,
  StoreListSchema,
  StoreParamsSchema,
  StoreSchema,
} from '../../../shared/contracts/stores.ts';
import { requireAuth, requireRole, SESSION_COOKIE } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { createStore } from '../../platform/workspace/create-store.ts';
import { listStores } from '../../platform/workspace/list-stores.ts';
import { selectStore } from './select-store.ts';

/** The stores of the caller's workspace: list, add (owners and admins), switch the active one. */
export function registerStoreRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/stores',
    { config: { access: 'read' }, schema: { response: { 200: StoreListSchema } } },
    async (request) => listStores(deps.db, requireAuth(request)),
  );
  api.post(
    '/api/stores',
    {
      config: { access: 'members', audit: 'store.created' },
      schema: { body: CreateStoreBodySchema, response: { 201: StoreSchema } },
    },
    async (request, reply) => {
      const principal = requireRole(request, ['owner', 'admin'], 'Only owners and admins can add stores.');
      return reply.status(201).send(await createStore(deps.db, principal, request.body, deps.clock()));
    },
  );
  api.post(
    '/api/stores/:id/select',
    {
      config: { access: 'signed-in' },
      schema: { params: StoreParamsSchema, response: { 200: StoreSchema } },
    },
    async (request) => {
      const principal = requireAuth(request);
      // Writes carry the session cookie: API tokens are read-only and refused before this runs.
      const token = request.cookies[SESSION_COOKIE] ?? '';
      return selectStore(deps.db, principal, token, request.params.id);
    },
  );
}
