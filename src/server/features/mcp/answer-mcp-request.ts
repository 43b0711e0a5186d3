import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ToolContext } from '../../domain/assistant-tools/tool-definition.ts';
import { createUpsideMcpServer } from './mcp-server.ts';
import {
  answerStatelessRequest,
  SPOKEN_REVISIONS,
  STATELESS_REVISION,
  unsupportedVersion,
} from './stateless-revision.ts';

/**
 * Answers one authenticated `POST /mcp` (routes.ts): a revision 2026-07-28 request through
 * stateless-revision.ts, a legacy one through the SDK's transport, any other version 400 with
 * -32022. A module of its own so that the SDK's server (~150 ms of CPU to load, ajv included) is
 * imported at the first MCP request, not at every server start (decision 205).
 */
export async function answerMcpRequest(
  context: ToolContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const server = createUpsideMcpServer(context);
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
  return undefined;
}
