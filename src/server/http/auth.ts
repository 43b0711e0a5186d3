import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TeamRole } from '../../shared/contracts/stores.ts';
import { findSessionWithLatestRun } from '../domain/analysis-runs/read-analytics.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { findSession, type SessionPrincipal } from '../platform/session/manage-sessions.ts';
import type { AppDeps } from './deps.ts';

export const SESSION_COOKIE = 'upside_session';

/**
 * Cookies are Secure whenever served over https, and always in production: there a TLS-terminating
 * proxy may reach the app on plain http, and a cookie must never travel without TLS (issue #19 item 6).
 */
export const secureCookies = (deps: AppDeps) =>
  deps.env.nodeEnv === 'production' || deps.publicUrl().startsWith('https://');

/**
 * Where the development identity provider (the auth feature's, when no OIDC issuer is configured)
 * answers: its own forms guard themselves, so the cross-site check leaves this path to it.
 */
export const DEV_PROVIDER_PATH = '/oidc';

/** The latest succeeded analysis run of the caller's workspace, read with the session. */
export interface LatestRunRef {
  id: string | null;
  /** The opportunity list's version, on routes that ask for it. */
  implementedVersion: string | null;
}

export type AuthContext = SessionPrincipal & {
  /** On routes that set `config.latestRun`. */
  latestRun?: LatestRunRef;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Snapshot reads: the session hook also finds the workspace's latest succeeded run ('run'),
     * and the opportunity list's version ('run-and-list'), in the same query as the session.
     */
    latestRun?: 'run' | 'run-and-list';
    /**
     * The route reads the session itself, in the same query as its own data (one round trip per
     * request), with `sessionTokenOf`; the hook leaves `request.auth` to it.
     */
    readsOwnSession?: true;
  }
  interface FastifyRequest {
    /** Filled by the session hook when the request carries a live session cookie. */
    auth: AuthContext | null;
  }
}

/**
 * Reads the session cookie once per request: the session must exist and be unexpired in the
 * database at that moment (no cache), so sign-out and expiry take effect at once.
 */
export function createSessionHook(deps: AppDeps) {
  return async (request: FastifyRequest) => {
    const token = sessionTokenOf(request);
    const latestRun = request.routeOptions.config?.latestRun;
    if (!token || request.routeOptions.config?.readsOwnSession) {
      request.auth = null;
    } else if (!latestRun) {
      request.auth = await findSession(deps.db, token, deps.clock());
    } else {
      const found = await findSessionWithLatestRun(
        deps.db,
        token,
        deps.clock(),
        latestRun === 'run-and-list',
      );
      request.auth = found && {
        ...found.principal,
        latestRun: { id: found.latestRunId, implementedVersion: found.implementedVersion },
      };
    }
  };
}

/** The session cookie's token, if the request carries one. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

/** The caller's user and workspace; every private endpoint starts with this (401 JSON otherwise). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized('Not signed in or the session has expired.');
  return request.auth;
}

/** A route's preValidation: a signed-out caller gets 401 before its body or params are judged. */
export async function signedInFirst(request: FastifyRequest): Promise<void> {
  requireAuth(request);
}

/**
 * requireAuth for actions only some roles may take (decision 053): 403 `forbidden` with `message`
 * for any other member.
 */
export function requireRole(
  request: FastifyRequest,
  roles: readonly TeamRole[],
  message: string,
): AuthContext {
  const auth = requireAuth(request);
  if (!roles.includes(auth.role)) throw forbidden(message);
  return auth;
}

/** requireAuth plus the latest run the hook read with the session (routes with `config.latestRun`). */
export function requireAuthWithLatestRun(
  request: FastifyRequest,
): SessionPrincipal & { latestRun: LatestRunRef } {
  const { latestRun, ...principal } = requireAuth(request);
  if (!latestRun)
    throw new Error(`${request.routeOptions.url} reads the latest run without config.latestRun`);
  return { ...principal, latestRun };
}

export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  secure: boolean,
  maxAgeMs: number,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}
