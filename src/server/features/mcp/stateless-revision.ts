import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  type JSONRPCMessage,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** The current MCP revision (2026-07-28): stateless, no `initialize`, `server/discover` first. */
export const STATELESS_REVISION = '2026-07-28';

/** Every revision /mcp speaks: the stateless one here, the SDK's legacy ones through its transport. */
export const SPOKEN_REVISIONS = [STATELESS_REVISION, ...SUPPORTED_PROTOCOL_VERSIONS];

/** JSON-RPC code of an unsupported protocol version in revision 2026-07-28. */
const UNSUPPORTED_VERSION = -32022;

/** The request header names of the stateless revision (Fastify lowercases them). */
const META_VERSION = 'io.modelcontextprotocol/protocolVersion';

/** Methods whose target is named in the `Mcp-Name` header, and where it sits in the params. */
const NAMED_TARGET: Record<string, 'name' | 'uri'> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

/** Methods revision 2026-07-28 removed: answered as unknown methods. */
const REMOVED_METHODS = new Set(['initialize', 'notifications/initialized']);

const RequestBody = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number()]).optional(),
  method: z.string().min(1),
  params: z.record(z.string(), z.unknown()).optional(),
});

/** An HTTP answer: status and JSON body (none for an accepted notification). */
export interface McpHttpAnswer {
  status: number;
  body?: unknown;
}

const rpcError = (
  status: number,
  id: string | number | null,
  code: number,
  message: string,
  data?: unknown,
): McpHttpAnswer => ({
  status,
  body: { jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } },
});

/**
 * The answer to a request that names a protocol version /mcp does not speak: HTTP 400 with the
 * revision's `-32022` error listing what it supports and what was asked.
 */
export function unsupportedVersion(requested: string): McpHttpAnswer {
  return rpcError(400, null, UNSUPPORTED_VERSION, `Unsupported protocol version: ${requested}`, {
    supported: SPOKEN_REVISIONS,
    requested,
  });
}

/**
 * One POST of revision 2026-07-28 (`contracts/external-apis-2.md` §5.2): a single JSON-RPC request
 * or notification, no handshake, no session. The headers must agree with the body
 * (`MCP-Protocol-Version` with `_meta`'s protocol version, `Mcp-Method` with the method, `Mcp-Name`
 * with the tool, prompt or resource), else 400 naming the mismatch; a notification is 202 without a
 * body; an unknown or removed method is 404 with -32601. The request runs on the same SDK server
 * (and so the same tools, scope and rules) as the legacy handshake, through an in-memory transport;
 * results carry `resultType: "complete"` (the revision's multi round-trip marker).
 */
export async function answerStatelessRequest(
  server: Server,
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
): Promise<McpHttpAnswer> {
  const accept = String(headers.accept ?? '');
  if (!accept.includes('application/json') || !accept.includes('text/event-stream'))
    return rpcError(
      406,
      null,
      ErrorCode.InvalidRequest,
      'Not Acceptable: Accept must list application/json and text/event-stream',
    );
  const parsed = RequestBody.safeParse(body);
  if (!parsed.success)
    return rpcError(
      400,
      null,
      ErrorCode.InvalidRequest,
      'Invalid request: send one JSON-RPC 2.0 request or notification per POST (no batches)',
      { field: parsed.error.issues[0]?.path.join('.') || 'body' },
    );
  const request = parsed.data;
  const id = request.id ?? null;
  const mismatch = headerMismatch(headers, request);
  if (mismatch) return rpcError(400, id, ErrorCode.InvalidRequest, `HeaderMismatch: ${mismatch}`);
  if (REMOVED_METHODS.has(request.method))
    return rpcError(
      404,
      id,
      ErrorCode.MethodNotFound,
      `Method not found: ${request.method} (revision ${STATELESS_REVISION} has no handshake; call server/discover)`,
    );
  if (request.id === undefined) return { status: 202 };
  const answer = await dispatch(server, { ...request, id: request.id });
  if ('error' in answer)
    return { status: answer.error.code === ErrorCode.MethodNotFound ? 404 : 200, body: answer };
  if ('result' in answer)
    return { status: 200, body: { ...answer, result: { ...answer.result, resultType: 'complete' } } };
  return rpcError(500, id, ErrorCode.InternalError, 'The server gave no answer');
}

/** What disagrees between the stateless revision's headers and the body, if anything. */
function headerMismatch(
  headers: Record<string, string | string[] | undefined>,
  request: z.infer<typeof RequestBody>,
): string | null {
  const version = headers['mcp-protocol-version'];
  const meta = request.params?._meta;
  const metaVersion =
    typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>)[META_VERSION] : undefined;
  if (metaVersion !== version)
    return `MCP-Protocol-Version (${String(version)}) must equal params._meta["${META_VERSION}"] (${String(metaVersion)})`;
  const method = headers['mcp-method'];
  if (method !== request.method)
    return `Mcp-Method (${String(method)}) must equal the method (${request.method})`;
  const target = NAMED_TARGET[request.method];
  if (target) {
    const named = request.params?.[target];
    if (headers['mcp-name'] !== named)
      return `Mcp-Name (${String(headers['mcp-name'])}) must equal params.${target} (${String(named)})`;
  }
  return null;
}

type Answer =
  | { jsonrpc: '2.0'; id: string | number; result: Record<string, unknown> }
  | { jsonrpc: '2.0'; id: string | number; error: { code: number; message: string; data?: unknown } };

/** Runs one request on `server` through a linked in-memory transport and waits for its answer. */
async function dispatch(
  server: Server,
  request: { jsonrpc: '2.0'; id: string | number; method: string; params?: Record<string, unknown> },
): Promise<Answer> {
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  const answered = new Promise<Answer>((resolve) => {
    client.onmessage = (message: JSONRPCMessage) => {
      if ('id' in message && message.id === request.id && ('result' in message || 'error' in message))
        resolve(message as Answer);
    };
  });
  await server.connect(serverSide);
  await client.start();
  await client.send(request as JSONRPCMessage);
  try {
    return await answered;
  } finally {
    await client.close();
  }
}
