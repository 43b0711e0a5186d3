import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.ts';
import { findSession, type SessionPrincipal } from '../services/manage-sessions.ts';
import type { AppDeps } from './deps.ts';

export const SESSION_COOKIE = 'upside_session';

export type AuthContext = SessionPrincipal;

declare module 'fastify' {
  interface FastifyRequest {
    /** Filled by the session hook when the request carries a live session cookie. */
    auth: AuthContext | null;
  }
}

/** Reads the session cookie once per request. */
export function createSessionHook(deps: AppDeps) {
  return async (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE];
    request.auth = token ? await findSession(deps.db, token, deps.clock()) : null;
  };
}

/** The caller's user and workspace; every private endpoint starts with this (401 JSON otherwise). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized('Not signed in or the session has expired.');
  return request.auth;
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
