import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../errors.ts';
import type { AppDeps } from '../../http/deps.ts';
import { bearerTokenOf } from '../../platform/http/bearer-token.ts';
import { createUpsideMcpServer } from './mcp-server.ts';
import {
  answerStatelessRequest,
  SPOKEN_REVISIONS,
  STATELESS_REVISION,
  unsupportedVersion,
} from './stateless-revision.ts';

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
 * (session end) are 405: a stateless server has neither.
 */
export function registerMcpRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post(MCP_PATH, { config: { readOnlyPost: true } }, async (request, reply) => {
    const principal = request.auth;
    if (bearerTokenOf(request) === null || !principal)
      throw unauthorized(
        'Ask Upside needs Authorization: Bearer <API token> (Profile → Connect an AI assistant).',
      );
    const server = createUpsideMcpServer({ deps, principal });
    const version = request.headers['mcp-protocol-version'];
    if (typeof version === 'string' && !SPOKEN_REVISIONS.includes(version)) {
      const answer = unsupportedVersion(version);
      return reply.status(answer.status).send(answer.body);
    }
    if (version === STATELESS_REVISION) {
      const answer = await answerStatelessRequest(server, request.headers, request.body);
      await server.close();
      return answer.body === undefined
        ? reply.status(answer.status).send()
        : reply.status(answer.status).send(answer.body);
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
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
