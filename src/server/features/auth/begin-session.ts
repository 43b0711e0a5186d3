import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, secureCookies, setSessionCookie } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import {
  createSession,
  endSession,
  SESSION_TTL_MS,
  type SessionTarget,
} from '../../platform/session/manage-sessions.ts';

/**
 * Signs the browser in (OIDC callback and password sign-in alike): whatever session it had before is
 * ended (rotation), a new one starts with the device's User-Agent, and its cookie is set.
 */
export async function beginSession(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  principal: SessionTarget,
): Promise<void> {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await endSession(deps.db, previous);
  const token = await createSession(deps.db, principal, deps.clock(), request.headers['user-agent']);
  setSessionCookie(reply, token, secureCookies(deps), SESSION_TTL_MS);
}
