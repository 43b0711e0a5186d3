import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../errors.ts';
import type { AppDeps } from '../../http/deps.ts';
import { bearerTokenOf } from '../../platform/http/bearer-token.ts';

export const MCP_PATH = '/mcp';

/**
 * Ask Upside over Streamable HTTP (decision 098): `POST /mcp` with `Authorization: Bearer <API
 * token>`, stateless (no session id: a fresh SDK server per request, JSON answers). A request of
 * revision 2026-07-28 (its `MCP-Protocol-Version` header) is answered by stateless-revision.ts;
 * the legacy revisions (the `initialize` handshake of SDK 1.x clients) by the SDK's transport;
 * any other version is 400 with -32022 listing the spoken ones. Either way the server acts
 * as the token's principal in the token's store. The token hooks have already answered 401
 * to a malformed, unknown, expired or revoked token; a request without one is 401 here, so a
 * browser session never reaches the tools. GET (the legacy server-to-client stream) and DELETE
 * (session end) are 405: a stateless server has neither. The answering (answer-mcp-request.ts, the
 * SDK's server) is imported at the first request (decision 205).
 */
export function registerMcpRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post(MCP_PATH, { config: { readOnlyPost: true } }, async (request, reply) => {
    const principal = request.auth;
    if (bearerTokenOf(request) === null || !principal)
      throw unauthorized(
        'Ask Upside needs Authorization: Bearer <API token> (Profile → Connect an AI assistant).',
      );
    const { answerMcpRequest } = await import('./answer-mcp-request.ts');
    return answerMcpRequest({ deps, principal }, request, reply);
  });
  // The app's error envelope ({ message, code }, like every other refusal) beside JSON-RPC's.
  const notAllowed = {
    message: 'Method not allowed: this MCP server is stateless; send POST.',
    code: 'method_not_allowed',
    jsonrpc: '2.0',
    error: {
      code: ErrorCode.ConnectionClosed,
      message: 'Method not allowed: this MCP server is stateless; send POST.',
    },
    id: null,
  };
  app.get(MCP_PATH, async (_request, reply) => reply.status(405).header('allow', 'POST').send(notAllowed));
  app.delete(MCP_PATH, async (_request, reply) => reply.status(405).header('allow', 'POST').send(notAllowed));
}
