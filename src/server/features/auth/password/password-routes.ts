import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthMethodsSchema,
  AuthUserSchema,
  InvitationPasswordBodySchema,
  NewPasswordBodySchema,
  OwnerSetupBodySchema,
  PasswordLoginBodySchema,
  PasswordResetPreviewSchema,
  PasswordResetRequestBodySchema,
  PasswordResetTokenParamsSchema,
} from '../../../../shared/contracts/auth.ts';
import { InvitationTokenParamsSchema } from '../../../../shared/contracts/members.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { AppError } from '../../../errors.ts';
import type { AppDeps } from '../../../http/deps.ts';
import { RATE_LIMITS } from '../../../http/plugins/rate-limits.ts';
import type { SessionTarget } from '../../../platform/session/manage-sessions.ts';
import { beginSession } from '../begin-session.ts';
import { getCurrentUser } from '../get-current-user.ts';
import { joinWithPassword } from './join-by-invitation.ts';
import { createOwner, signInWithPassword } from './password-account.ts';
import { finishPasswordReset, previewPasswordReset, requestPasswordReset } from './password-reset.ts';
import { SignInLocked } from './sign-in-lockout.ts';

/**
 * Built-in accounts' public routes (issue #38, decision 094): how this install signs in, the owner's
 * setup, password sign-in, reset links and joining by invitation with a password. With password
 * accounts off they answer 404 `password_accounts_off` (GET /api/auth/methods always answers).
 */
export function registerPasswordRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limited = { access: 'public', rateLimit: RATE_LIMITS.passwordSignIn } as const;
  const requireOn = () => {
    if (!deps.env.passwordAccounts)
      throw new AppError(
        404,
        'password_accounts_off',
        'Password accounts are off on this install (set UPSIDE_AUTH=password to turn them on).',
      );
  };
  const signedIn = async (target: SessionTarget) => {
    const user = await getCurrentUser(deps.db, target.userId);
    if (!user) throw new Error('the account just signed in has no user row');
    return user;
  };

  api.get(
    '/api/auth/methods',
    {
      schema: { response: { 200: AuthMethodsSchema } },
      config: { access: 'public', rateLimit: RATE_LIMITS.publicProbe },
    },
    async () => {
      const [anyone] = deps.env.passwordAccounts
        ? await queryRows(deps.db, z.object({ id: z.string() }), sql`SELECT id FROM users LIMIT 1`)
        : [{ id: '' }];
      return { password: deps.env.passwordAccounts, oidc: Boolean(deps.env.oidc), setupNeeded: !anyone };
    },
  );

  api.post(
    '/api/auth/setup',
    { schema: { body: OwnerSetupBodySchema, response: { 201: AuthUserSchema } }, config: limited },
    async (request, reply) => {
      requireOn();
      const target = await createOwner(deps, request.body);
      await beginSession(deps, request, reply, target);
      return reply.status(201).send(await signedIn(target));
    },
  );

  api.post(
    '/api/auth/password/login',
    { schema: { body: PasswordLoginBodySchema, response: { 200: AuthUserSchema } }, config: limited },
    async (request, reply) => {
      requireOn();
      try {
        const target = await signInWithPassword(deps, request.body, request.ip);
        await beginSession(deps, request, reply, target);
        return await signedIn(target);
      } catch (error) {
        if (error instanceof SignInLocked) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );

  api.post(
    '/api/auth/password/reset',
    { schema: { body: PasswordResetRequestBodySchema }, config: limited },
    async (request, reply) => {
      requireOn();
      await requestPasswordReset(deps, request.body.email);
      return reply.status(202).send({
        message:
          'If an account has this address, an e-mail with a link to choose a new password is on its way.',
      });
    },
  );

  api.get(
    '/api/auth/password/reset/:token',
    {
      schema: { params: PasswordResetTokenParamsSchema, response: { 200: PasswordResetPreviewSchema } },
      config: limited,
    },
    async (request) => {
      requireOn();
      return previewPasswordReset(deps, request.params.token);
    },
  );

  api.post(
    '/api/auth/password/reset/:token',
    { schema: { params: PasswordResetTokenParamsSchema, body: NewPasswordBodySchema }, config: limited },
    async (request, reply) => {
      requireOn();
      await finishPasswordReset(deps, request.params.token, request.body.password);
      return reply.status(204).send();
    },
  );

  api.post(
    '/api/invitations/:token/password',
    {
      schema: {
        params: InvitationTokenParamsSchema,
        body: InvitationPasswordBodySchema,
        response: { 201: AuthUserSchema },
      },
      config: limited,
    },
    async (request, reply) => {
      requireOn();
      const target = await joinWithPassword(deps, request.params.token, request.body);
      await beginSession(deps, request, reply, target);
      return reply.status(201).send(await signedIn(target));
    },
  );
}
