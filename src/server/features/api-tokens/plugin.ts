import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerApiTokenAuth } from './api-token-auth.ts';
import { revokeMemberTokens } from './revoke-api-token.ts';
import { registerApiTokenRoutes } from './routes.ts';

/**
 * The api-tokens feature (decision 190): the profile page's API tokens, and the `Authorization:
 * Bearer` sign-in they give, registered by the root at its authentication point (decision 206). It
 * provides the members feature the revocation of a removed member's tokens (decision 215).
 */
export const apiTokensFeature = {
  name: 'api-tokens',
  routes: async (app, { deps }) => registerApiTokenRoutes(app, deps),
  authentication: registerApiTokenAuth,
  tables: ['api_tokens'],
  provides: { revokeMemberTokens },
} satisfies FeaturePlugin;
