import type { IncomingMessage } from 'node:http';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthUserSchema } from '../../../shared/contracts/auth.ts';
import { loginAttempts } from '../../db/schema/index.ts';
import { AppError, unauthorized } from '../../errors.ts';
import { DEV_PROVIDER_PATH, requireAuth, SESSION_COOKIE, secureCookies } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { RATE_LIMITS } from '../../http/plugins/rate-limits.ts';
import { endSession } from '../../platform/session/manage-sessions.ts';
import { registerAccountSecurityRoutes } from './account-security-routes.ts';
import { beginSession } from './begin-session.ts';
import { getCurrentUser } from './get-current-user.ts';
import {
  createDevIdentityProvider,
  DEV_CLIENT_ID,
  type DevIdentityProvider,
} from './oidc/dev-identity-provider.ts';
import { createOidcClient, type OidcClient } from './oidc/oidc-client.ts';
import { registerPasswordRoutes } from './password/password-routes.ts';
import { signInUser } from './sign-in-user.ts';

const LOGIN_COOKIE = 'upside_login';
const LOGIN_TTL_MS = 10 * 60 * 1000;
const MAX_SIGN_IN_FORM_BYTES = 4096;

/**
 * Sign-in through OpenID Connect (authorization code + PKCE): against OIDC_ISSUER when configured,
 * otherwise against the development provider mounted under /oidc — unless password accounts are on
 * (then /api/login leads to the sign-in page). Both are created on first use, because the
 * development issuer's URL is only known once the server listens. The password and account-security
 * routes (password/, account-security-routes.ts) are registered with these.
 */
export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerPasswordRoutes(app, deps);
  registerAccountSecurityRoutes(app, deps);
  const callbackPath = '/api/callback';
  let auth: Promise<{ client: OidcClient; devProvider: DevIdentityProvider | undefined }> | undefined;
  const createAuth = async () => {
    const redirectUri = `${deps.publicUrl()}${callbackPath}`;
    if (deps.env.oidc)
      return { client: createOidcClient({ ...deps.env.oidc, redirectUri }), devProvider: undefined };
    const devProvider = await createDevIdentityProvider(
      deps.publicUrl(),
      redirectUri,
      deps.secrets.sessionSecret,
    );
    return {
      client: createOidcClient({
        issuer: devProvider.issuer,
        clientId: DEV_CLIENT_ID,
        clientSecret: devProvider.clientSecret,
        redirectUri,
        alwaysPromptLogin: true,
      }),
      devProvider,
    };
  };
  // Made once; a failed attempt is forgotten so that the next sign-in tries again.
  const getAuth = () => {
    auth ??= createAuth().catch((error: unknown) => {
      auth = undefined;
      throw error;
    });
    return auth;
  };

  // With password accounts on and no OIDC, there is no development provider: anyone could sign in
  // as anyone through it.
  const passwordOnly = !deps.env.oidc && deps.env.passwordAccounts;
  if (!deps.env.oidc && !passwordOnly) {
    // The development provider speaks raw Node HTTP (it is a Koa app): hand it the request before
    // Fastify parses any body.
    const limitProvider = app.rateLimit(RATE_LIMITS.identityProvider);
    app.addHook('onRequest', async (request, reply) => {
      const url = request.raw.url ?? '';
      if (url !== DEV_PROVIDER_PATH && !url.startsWith(`${DEV_PROVIDER_PATH}/`)) return;
      await limitProvider.call(app, request, reply);
      const { devProvider } = await getAuth();
      if (!devProvider) return;
      reply.hijack();
      const interaction = /^\/oidc\/interaction\/[\w-]+(\/login)?(\?.*)?$/.exec(url);
      try {
        if (interaction && request.method === 'GET' && !interaction[1]) {
          await devProvider.renderSignIn(request.raw, reply.raw);
        } else if (interaction && request.method === 'POST' && interaction[1]) {
          const form = await readForm(request.raw);
          const email = form.get('email')?.trim() ?? '';
          const firstName = form.get('firstName')?.trim() ?? '';
          if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || firstName === '' || firstName.length > 100) {
            await devProvider.renderSignIn(
              request.raw,
              reply.raw,
              'Please enter a valid e-mail address and a first name.',
            );
          } else {
            await devProvider.finishSignIn(request.raw, reply.raw, { email, firstName });
          }
        } else {
          devProvider.handle(request.raw, reply.raw);
        }
      } catch (error) {
        request.log.warn({ err: error }, 'development sign-in failed');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        }
        reply.raw.end('This sign-in link has expired. Go back to the app and sign in again.');
      }
    });
  }

  app.get(
    '/api/login',
    { config: { access: 'public', rateLimit: RATE_LIMITS.signIn } },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const returnTo =
        typeof query.returnTo === 'string' && /^\/(?!\/)/.test(query.returnTo) ? query.returnTo : '/';
      if (passwordOnly) return reply.redirect(`/sign-in?returnTo=${encodeURIComponent(returnTo)}`);
      const authorization = await (await getAuth()).client.startAuthorization();
      await deps.db.insert(loginAttempts).values({
        state: authorization.state,
        nonce: authorization.nonce,
        codeVerifier: authorization.codeVerifier,
        returnTo,
        expiresAt: new Date(deps.clock().getTime() + LOGIN_TTL_MS),
      });
      reply.setCookie(LOGIN_COOKIE, authorization.state, {
        path: callbackPath,
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies(deps),
        signed: true,
        maxAge: LOGIN_TTL_MS / 1000,
      });
      return reply.redirect(authorization.url);
    },
  );

  app.get(
    callbackPath,
    { config: { access: 'public', rateLimit: RATE_LIMITS.signIn } },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const cookie = request.cookies[LOGIN_COOKIE];
      const unsigned = cookie ? request.unsignCookie(cookie) : undefined;
      reply.clearCookie(LOGIN_COOKIE, { path: callbackPath });
      if (typeof query.state !== 'string' || !unsigned?.valid || unsigned.value !== query.state) {
        throw new AppError(
          400,
          'invalid_state',
          'Sign-in could not be verified (state mismatch). Please sign in again.',
        );
      }
      const [attempt] = await deps.db
        .delete(loginAttempts)
        .where(and(eq(loginAttempts.state, query.state), gt(loginAttempts.expiresAt, deps.clock())))
        .returning();
      if (!attempt) {
        throw new AppError(
          400,
          'invalid_state',
          'This sign-in has expired or was already used. Please sign in again.',
        );
      }
      const callbackUrl = new URL(request.raw.url ?? callbackPath, deps.publicUrl());
      let identity: Awaited<ReturnType<OidcClient['finishAuthorization']>>;
      try {
        identity = await (await getAuth()).client.finishAuthorization(callbackUrl, attempt);
      } catch (error) {
        request.log.warn({ err: error }, 'sign-in callback rejected');
        throw new AppError(400, 'invalid_callback', 'Sign-in could not be verified. Please sign in again.');
      }
      await beginSession(deps, request, reply, await signInUser(deps.db, identity, deps.clock()));
      return reply.redirect(attempt.returnTo);
    },
  );

  // Signing out is a POST only (issue #36): the SPA's Sign Out is a form posting here, and the
  // same-origin rule keeps another site from signing a user out with a link or an image.
  // The browser posts the form as application/x-www-form-urlencoded with an empty body: that
  // media type is accepted (and ignored) in this route's scope only.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, _body, done) => done(null, undefined),
    );
    scope.post(
      '/api/logout',
      { config: { access: 'public' } },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await endSession(deps.db, token);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return reply.redirect('/');
      },
    );
  });

  app.get(
    '/api/auth/user',
    { config: { access: 'signed-in' }, schema: { response: { 200: AuthUserSchema } } },
    async (request) => {
      const { userId } = requireAuth(request);
      const user = await getCurrentUser(deps.db, userId);
      if (!user) throw unauthorized('Your account no longer exists. Please sign in again.');
      return user;
    },
  );
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > MAX_SIGN_IN_FORM_BYTES) throw new Error('sign-in form too large');
  }
  return new URLSearchParams(body);
}
