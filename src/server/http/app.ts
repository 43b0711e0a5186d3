import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createSessionHook } from './auth.ts';
import type { AppDeps } from './deps.ts';
import {
  type FeaturePlugin,
  registerFeatureAuthentication,
  registerFeatureRoutes,
} from './feature-plugin.ts';
import { registerAuditHook } from './plugins/audit.ts';
import { answerClientError } from './plugins/client-errors.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerInputHygiene } from './plugins/input-hygiene.ts';
import { registerLingeringClose } from './plugins/lingering-close.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerPermissions } from './plugins/permissions.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerOwnWriteMarks } from './read-replica-routing.ts';

/** Largest request body the API accepts anywhere (endpoints may set a smaller one). */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Builds the HTTP app (not listening): the hooks every request passes, then each listed feature's
 * routes plugin in its own context (decision 190; after the `onRoute` hooks — the access check, the
 * OpenAPI recorder, rate limits — which see only the routes registered after them), then the SPA.
 */
export async function buildApp(deps: AppDeps, features: readonly FeaturePlugin[]): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log,
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: deps.env.nodeEnv === 'production',
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerLingeringClose(app);
  registerInputHygiene(app);
  await app.register(fastifyCookie, { secret: deps.secrets.sessionSecret });
  await registerSecurity(app, deps.publicUrl);
  await registerRateLimits(app);
  app.decorateRequest('auth', null);
  app.addHook('preValidation', createSessionHook(deps));
  registerFeatureAuthentication(app, features, deps);
  registerPermissions(app);
  registerAuditHook(app, deps);
  registerOwnWriteMarks(app, deps);
  await registerOpenApi(app);
  await registerFeatureRoutes(app, features, deps);
  await registerSpa(app);
  return app;
}
