import type { FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerApiTokenAuth } from './api-token-auth.ts';
import { registerApiTokenRoutes } from './routes.ts';

/**
 * The api-tokens feature (decision 190): the profile page's API tokens, and the `Authorization:
 * Bearer` sign-in they give, registered by the root at its authentication point (decision 206).
 */
export const apiTokensFeature: FeaturePlugin = {
  name: 'api-tokens',
  routes: async (app, { deps }) => registerApiTokenRoutes(app, deps),
  authentication: registerApiTokenAuth,
};
