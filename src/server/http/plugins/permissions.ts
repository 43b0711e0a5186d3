import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditAction } from '../../../shared/contracts/members.ts';
import { allows } from '../../../shared/permissions.ts';
import { AppError, unauthorized } from '../../errors.ts';
import { isApiReferencePath, type RouteAccess } from '../route-permissions.ts';
import { type Redaction, redactPayload } from '../visibility/redact-payload.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (route-permissions.ts): every /api route declares it. */
    access?: RouteAccess;
    /** Every successful call is recorded in the audit log as this action (features/audit-log). */
    audit?: AuditAction;
    /** The route's answers carry shop customers' names and e-mails (masked without the switch). */
    personalData?: boolean;
  }
}

const methodsOf = (method: string | string[]) => (Array.isArray(method) ? method : [method]);

/**
 * One enforcement point for roles (issue #17, decision 055). Every /api route declares its access in
 * its own `config` (decision 135; a route without one stops the app from starting); after the
 * session and API-token hooks, one preValidation hook answers 401 to a private route without a
 * principal and 403 when the principal's role (or cost switch) lacks the route's permission —
 * before any body is validated or handler runs (a route that reads the session in its own query,
 * `config.readsOwnSession`, is checked in preHandler, once it has). On the way out, a member without "can see costs"
 * gets every answer with cost and profit figures withheld, and one without "can see personal data"
 * gets customers' names and e-mails masked on the routes that carry them.
 */
export function registerPermissions(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    if (isApiReferencePath(route.url)) {
      route.config = { ...route.config, access: 'public' };
      return;
    }
    if (!route.config?.access) {
      const methods = methodsOf(route.method).filter((method) => method !== 'HEAD');
      throw new Error(
        `${methods.join(', ')} ${route.url} declares no access: add config: { access } to the route`,
      );
    }
  });

  app.addHook('preValidation', async (request) => {
    // A route reading the session in its own query (config.readsOwnSession) fills request.auth in
    // its route-level preValidation, which runs after this one: it is checked before its handler.
    if (!request.routeOptions.config?.readsOwnSession || request.auth) checkAccess(request);
  });
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config?.readsOwnSession) checkAccess(request);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const redaction = redactionFor(request);
    if (!redaction || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    reply.removeHeader('etag');
    return JSON.stringify(redactPayload(JSON.parse(payload.toString()), redaction));
  });
}

/** What the caller may not see of this route's answers, or null when they may see it all. */
export function redactionFor(request: FastifyRequest): Redaction | null {
  const auth = request.auth;
  const config = request.routeOptions.config;
  if (!auth || !config?.access || config.access === 'public') return null;
  const redaction = {
    costs: !auth.canSeeCosts,
    personalData: !auth.canSeePersonalData && !!config.personalData,
  };
  return redaction.costs || redaction.personalData ? redaction : null;
}

/** 401 without a principal on a private route, 403 when the principal lacks the route's permission. */
function checkAccess(request: FastifyRequest): void {
  const access = request.routeOptions.config?.access;
  if (!access || access === 'public') return;
  const auth = request.auth;
  if (!auth) throw unauthorized('Not signed in or the session has expired.');
  // A redacted answer is never a 304 of an unredacted one the browser may hold (snapshot ETags).
  if (redactionFor(request)) delete request.headers['if-none-match'];
  if (access === 'signed-in' || allows(auth, access)) return;
  throw new AppError(
    403,
    'forbidden',
    allows({ role: auth.role, canSeeCosts: true }, access)
      ? 'You do not have access to costs and profit; ask an owner of the workspace to turn it on for you.'
      : `Your role (${auth.role}) does not allow this; ask an owner or admin of the workspace.`,
  );
}
