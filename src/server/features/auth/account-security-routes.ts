import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AuthSessionListSchema,
  AuthSessionParamsSchema,
  EmailVerificationSentSchema,
  EmailVerificationStatusSchema,
  EmailVerificationTokenParamsSchema,
  EmailVerifiedSchema,
  RecoveryCodesSchema,
  TwoFactorCodeBodySchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '../../../shared/contracts/auth.ts';
import { notFound } from '../../errors.ts';
import { requireAuth, sessionTokenOf } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { RATE_LIMITS } from '../../http/plugins/rate-limits.ts';
import { listSessions, revokeSession } from '../../platform/session/manage-sessions.ts';
import {
  emailVerificationStatus,
  finishEmailVerification,
  requestEmailVerification,
} from './password/email-verification.ts';
import { disableTwoFactor, enableTwoFactor, startTwoFactor, twoFactorStatus } from './password/two-factor.ts';

/**
 * The caller's own account security, on the profile (issue #38): signed-in devices, each revocable,
 * two-factor sign-in for password accounts, and proving the account's e-mail address by a mailed
 * single-use link.
 */
export function registerAccountSecurityRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const keyring = deps.integration.keyring;

  api.get(
    '/api/auth/sessions',
    { config: { access: 'signed-in' }, schema: { response: { 200: AuthSessionListSchema } } },
    async (request) => ({
      sessions: await listSessions(
        deps.db,
        requireAuth(request).userId,
        sessionTokenOf(request),
        deps.clock(),
      ),
    }),
  );
  api.delete(
    '/api/auth/sessions/:id',
    { config: { access: 'signed-in' }, schema: { params: AuthSessionParamsSchema } },
    async (request, reply) => {
      if (!(await revokeSession(deps.db, requireAuth(request).userId, request.params.id)))
        throw notFound('No such session: it may have ended already.');
      return reply.status(204).send();
    },
  );

  api.get(
    '/api/auth/email/verification',
    { config: { access: 'signed-in' }, schema: { response: { 200: EmailVerificationStatusSchema } } },
    async (request) => emailVerificationStatus(deps, requireAuth(request).userId),
  );
  api.post(
    '/api/auth/email/verification',
    {
      config: { access: 'signed-in', rateLimit: RATE_LIMITS.passwordSignIn },
      schema: { response: { 202: EmailVerificationSentSchema } },
    },
    async (request, reply) =>
      reply.status(202).send(await requestEmailVerification(deps, requireAuth(request).userId)),
  );
  api.post(
    '/api/auth/email/verification/:token',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.passwordSignIn },
      schema: { params: EmailVerificationTokenParamsSchema, response: { 200: EmailVerifiedSchema } },
    },
    async (request) => finishEmailVerification(deps, request.params.token),
  );

  api.get(
    '/api/auth/two-factor',
    { config: { access: 'signed-in' }, schema: { response: { 200: TwoFactorStatusSchema } } },
    async (request) => twoFactorStatus(deps.db, requireAuth(request).userId),
  );
  api.post(
    '/api/auth/two-factor/start',
    { config: { access: 'signed-in' }, schema: { response: { 200: TwoFactorSetupSchema } } },
    async (request) => startTwoFactor(deps.db, keyring, requireAuth(request).userId),
  );
  api.post(
    '/api/auth/two-factor/enable',
    {
      config: { access: 'signed-in' },
      schema: { body: TwoFactorCodeBodySchema, response: { 200: RecoveryCodesSchema } },
    },
    async (request) =>
      enableTwoFactor(deps.db, keyring, requireAuth(request).userId, request.body.code, deps.clock()),
  );
  api.post(
    '/api/auth/two-factor/disable',
    { config: { access: 'signed-in' }, schema: { body: TwoFactorCodeBodySchema } },
    async (request, reply) => {
      await disableTwoFactor(deps.db, keyring, requireAuth(request).userId, request.body.code, deps.clock());
      return reply.status(204).send();
    },
  );
}
