import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CredentialsStatusSchema,
  DeleteResponseSchema,
  GaCredentialsRequestSchema,
  GaStatusSchema,
  GaStoreResponseSchema,
  GaTestResponseSchema,
  MetaCredentialsRequestSchema,
  MetaCredentialsResponseSchema,
  ShopifyCredentialViewSchema,
  ShopifyStoreRequestSchema,
  ShopifyStoreResponseSchema,
} from '../../../shared/contracts/credentials.ts';
import { ShopifyScopesResponseSchema } from '../../../shared/contracts/shopify.ts';
import {
  getGaStatus,
  removeGaCredentials,
  storeGaCredentials,
  testGaConnection,
} from '../../domain/credentials/manage-ga-credentials.ts';
import {
  removeMetaCredentials,
  storeMetaCredentials,
} from '../../domain/credentials/manage-meta-credentials.ts';
import {
  getShopifyCredentialView,
  removeShopifyCredentials,
  storeShopifyCredentials,
} from '../../domain/credentials/manage-shopify-credentials.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { CREDENTIALS_BODY_LIMIT } from '../../platform/http/credentials-body-limit.ts';
import type { RemoveShopifySubscriptions } from '../../platform/ports/remove-shopify-subscriptions.ts';
import { checkShopifyScopes } from './check-shopify-scopes.ts';
import { getCredentialsStatus } from './get-credentials-status.ts';

/** Credential endpoints of spec §7: status, Shopify, Google Analytics and Meta. */
export function registerCredentialsRoutes(
  fastify: FastifyInstance,
  deps: AppDeps,
  removeShopifySubscriptions: RemoveShopifySubscriptions,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = () => deps.integration;
  const bodyLimit = CREDENTIALS_BODY_LIMIT;

  app.get(
    '/api/credentials/status',
    { config: { access: 'read' }, schema: { response: { 200: CredentialsStatusSchema } } },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return getCredentialsStatus(context(), workspaceId, deps.env.syncIntervalMinutes);
    },
  );

  app.get(
    '/api/credentials/shopify',
    { config: { access: 'read' }, schema: { response: { 200: ShopifyCredentialViewSchema } } },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return getShopifyCredentialView(context(), workspaceId);
    },
  );

  app.post(
    '/api/credentials/shopify',
    {
      config: { access: 'connections', audit: 'credentials.changed' },
      bodyLimit,
      schema: { body: ShopifyStoreRequestSchema, response: { 200: ShopifyStoreResponseSchema } },
    },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return storeShopifyCredentials(context(), workspaceId, request.body);
    },
  );

  app.delete(
    '/api/credentials/shopify',
    {
      config: { access: 'connections', audit: 'credentials.removed' },
      schema: { response: { 200: DeleteResponseSchema } },
    },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return removeShopifyCredentials(context(), workspaceId, removeShopifySubscriptions);
    },
  );

  app.get(
    '/api/shopify/scopes',
    { config: { access: 'read' }, schema: { response: { 200: ShopifyScopesResponseSchema } } },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return checkShopifyScopes(context(), workspaceId);
    },
  );

  app.get(
    '/api/credentials/google-analytics/status',
    { config: { access: 'read' }, schema: { response: { 200: GaStatusSchema } } },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return getGaStatus(context(), workspaceId);
    },
  );

  app.post(
    '/api/credentials/google-analytics/simple-store',
    {
      config: { access: 'connections', audit: 'credentials.changed' },
      bodyLimit,
      schema: { body: GaCredentialsRequestSchema, response: { 200: GaStoreResponseSchema } },
    },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return storeGaCredentials(context(), workspaceId, request.body);
    },
  );

  app.post(
    '/api/credentials/google-analytics/test',
    { config: { access: 'connections' }, schema: { response: { 200: GaTestResponseSchema } } },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return testGaConnection(context(), workspaceId);
    },
  );

  app.delete(
    '/api/credentials/google-analytics',
    {
      config: { access: 'connections', audit: 'credentials.removed' },
      schema: { response: { 200: DeleteResponseSchema } },
    },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return removeGaCredentials(context(), workspaceId);
    },
  );

  app.post(
    '/api/credentials/meta',
    {
      config: { access: 'connections', audit: 'credentials.changed' },
      bodyLimit,
      schema: { body: MetaCredentialsRequestSchema, response: { 200: MetaCredentialsResponseSchema } },
    },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return storeMetaCredentials(context(), workspaceId, request.body);
    },
  );

  app.delete(
    '/api/credentials/meta',
    {
      config: { access: 'connections', audit: 'credentials.removed' },
      schema: { response: { 200: DeleteResponseSchema } },
    },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return removeMetaCredentials(context(), workspaceId);
    },
  );
}
