import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdPlatformConnectResponseSchema,
  AdPlatformCredentialViewSchema,
  GoogleAdsCredentialsRequestSchema,
  TikTokCredentialsRequestSchema,
} from '../../../shared/contracts/ad-platforms.ts';
import { DeleteResponseSchema } from '../../../shared/contracts/credentials.ts';
import {
  getAdPlatformCredentialView,
  removeAdPlatformCredentials,
  storeGoogleAdsCredentials,
  storeTikTokCredentials,
} from '../../domain/credentials/manage-ad-platform-credentials.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { CREDENTIALS_BODY_LIMIT } from '../../platform/http/credentials-body-limit.ts';

/** Google Ads and TikTok credentials (issue #39): store (tested first), read masked, remove. */
export function registerAdPlatformRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = () => deps.integration;
  const bodyLimit = CREDENTIALS_BODY_LIMIT;

  app.post(
    '/api/credentials/google-ads',
    {
      config: { access: 'connections', audit: 'credentials.changed' },
      bodyLimit,
      schema: { body: GoogleAdsCredentialsRequestSchema, response: { 200: AdPlatformConnectResponseSchema } },
    },
    async (request) => storeGoogleAdsCredentials(context(), requireAuth(request).workspaceId, request.body),
  );
  app.post(
    '/api/credentials/tiktok-ads',
    {
      config: { access: 'connections', audit: 'credentials.changed' },
      bodyLimit,
      schema: { body: TikTokCredentialsRequestSchema, response: { 200: AdPlatformConnectResponseSchema } },
    },
    async (request) => storeTikTokCredentials(context(), requireAuth(request).workspaceId, request.body),
  );
  for (const [path, provider] of [
    ['/api/credentials/google-ads', 'google_ads'],
    ['/api/credentials/tiktok-ads', 'tiktok_ads'],
  ] as const) {
    app.get(
      path,
      { schema: { response: { 200: AdPlatformCredentialViewSchema } }, config: { access: 'read' } },
      async (request) => getAdPlatformCredentialView(context(), requireAuth(request).workspaceId, provider),
    );
    app.delete(
      path,
      {
        schema: { response: { 200: DeleteResponseSchema } },
        config: { access: 'connections', audit: 'credentials.removed' },
      },
      async (request) => removeAdPlatformCredentials(context(), requireAuth(request).workspaceId, provider),
    );
  }
}
