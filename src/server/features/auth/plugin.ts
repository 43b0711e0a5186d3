import type {
  FastifyBaseLogger,
  FastifyPluginAsync,
  FastifyTypeProviderDefault,
  RawServerDefault,
} from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { FeatureOptions, FeaturePlugin } from '../../http/feature-plugin.ts';
import { registerAuthRoutes } from './routes.ts';

const authRoutes: FastifyPluginAsync<FeatureOptions> = async (app, { deps }) => registerAuthRoutes(app, deps);

/**
 * The auth feature (decision 190): sign-in, sessions, password accounts and account security. Not
 * encapsulated (`fastify-plugin`): the development provider's hook answers /oidc requests no route
 * matches, which only a hook of the root context sees.
 */
export const authFeature: FeaturePlugin = {
  name: 'auth',
  tables: ['users', 'login_attempts', 'password_tokens', 'sign_in_failures', 'totp_recovery_codes'],
  routes: fastifyPlugin<
    FeatureOptions,
    RawServerDefault,
    FastifyTypeProviderDefault,
    FastifyBaseLogger,
    typeof authRoutes
  >(authRoutes, { name: 'auth' }),
};
