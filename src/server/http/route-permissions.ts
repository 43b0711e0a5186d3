import type { Permission } from '../../shared/permissions.ts';

/**
 * What an API route needs (issue #17, decision 055), declared by the route itself in its `config`
 * (`config: { access: 'read' }`, issue #37, decision 135) and enforced by one hook
 * (plugins/permissions.ts). `public`: no session (sign-in, the public service page, the tracker's
 * ingest, signed links, Shopify's HMAC-signed webhooks); `signed-in` takes every session, whatever the
 * role (the caller's own account, choosing the active store, accepting an invitation); otherwise a
 * permission of src/shared/permissions.ts. An /api route without one stops the app at start-up, so no
 * route is ever reachable without a decision about who may call it.
 */
export type RouteAccess = Permission | 'public' | 'signed-in';

/** The API reference page and its assets (decision 021): registered by @fastify/swagger-ui, no data. */
const PUBLIC_PREFIX = '/api/docs';

/** True for the API reference's own routes, which declare no access and need none. */
export function isApiReferencePath(path: string): boolean {
  return path === PUBLIC_PREFIX || path.startsWith(`${PUBLIC_PREFIX}/`);
}
