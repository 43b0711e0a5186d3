import type { FastifyInstance } from 'fastify';
import { findListVersion } from '../../domain/analysis-runs/read-analytics.ts';
import { AppError, unauthorized } from '../../errors.ts';
import type { AppDeps } from '../../http/deps.ts';
import { bearerTokenOf } from '../../platform/http/bearer-token.ts';
import { authenticateApiToken } from './authenticate-api-token.ts';

const READ_METHODS = new Set(['GET', 'HEAD']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A POST that only reads (the MCP endpoint: JSON-RPC rides on POST, every tool is read-only),
     * so an API token may call it (decision 098).
     */
    readOnlyPost?: true;
  }
}

/**
 * `Authorization: Bearer <API token>` (decision 019): on GET and HEAD it stands for a session of
 * the token's creator in its workspace; any other method with a token is refused (403) before its
 * body is read, as tokens are read-only (but on a route marked `readOnlyPost`, whose POSTs only read). A malformed, unknown, expired or revoked token answers
 * 401 with one message, so a caller learns nothing about which. Registered after the session hook,
 * so a bearer token decides the request's principal even when a cookie came along.
 */
export function registerApiTokenAuth(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onRequest', async (request) => {
    if (bearerTokenOf(request) === null || READ_METHODS.has(request.method)) return;
    if (request.method === 'POST' && request.routeOptions.config?.readOnlyPost) return;
    throw new AppError(403, 'read_only_token', 'API tokens are read-only: only GET requests are accepted.');
  });
  app.addHook('preValidation', async (request) => {
    const token = bearerTokenOf(request);
    if (token === null) return;
    const principal = await authenticateApiToken(deps.db, token, deps.clock());
    if (!principal) throw unauthorized('Invalid API token.');
    const latestRun = request.routeOptions.config?.latestRun;
    if (!latestRun) {
      request.auth = principal;
      return;
    }
    const version = await findListVersion(deps.db, principal.workspaceId);
    request.auth = {
      ...principal,
      latestRun: {
        id: version.runId,
        implementedVersion: latestRun === 'run-and-list' ? version.implemented : null,
      },
    };
  });
}
