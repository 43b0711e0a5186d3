import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { EnvError, loadEnv } from '../../server/env.ts';
import { type CliCommand, CliUsageError, parseFlags } from '../command.ts';

const HELP = `usage: upside mcp --token <API token> [--url http://localhost:5000]

Ask Upside over stdio for desktop MCP clients (Claude Desktop, Cursor …): JSON-RPC on stdin and
stdout, relayed to the running Upside app's POST /mcp with the read-only API token (Profile →
Connect an AI assistant). --url is the app's address (default: PUBLIC_URL, else the HOST and PORT
the app listens on). Every tool reads; none writes. Logs go to stderr only.`;

/** JSON-RPC error code for an answer the app refused (401 token, 403, 5xx): implementation-defined range. */
const UPSTREAM_REFUSED = -32_000;

/** The message of an HTTP refusal, as the stdio client will read it. */
function refusalMessage(error: unknown): string {
  if (error instanceof StreamableHTTPError && error.code === 401)
    return `Upside refused the API token (HTTP 401): it is unknown, revoked or expired. ${error.message}`;
  return `Upside could not be reached or refused the request: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * `upside mcp --token T [--url U]`: a stdio MCP server that relays every message to the running
 * app's Streamable HTTP endpoint (decision 098). The app owns the tools, the token's store scope
 * and its read-only rule, so stdio and HTTP answer alike; the CLI never opens the database (which
 * the running app holds, decision 087). A request the app refuses is answered here with a JSON-RPC
 * error naming why, so the desktop client shows it instead of waiting.
 */
export const command: CliCommand = {
  summary: 'Ask Upside over stdio for MCP clients (relays to the running app with an API token)',
  async run(argv) {
    const flags = parseFlags(argv, {
      token: { type: 'string' },
      url: { type: 'string' },
      help: { type: 'boolean' },
    });
    if (flags.help) {
      process.stdout.write(`${HELP}\n`);
      return 0;
    }
    if (!flags.token) throw new CliUsageError('--token <API token> is required (see upside mcp --help)');
    const base = flags.url ?? defaultAppUrl();
    const endpoint = URL.parse('/mcp', base);
    if (!endpoint || !/^https?:$/.test(endpoint.protocol))
      throw new CliUsageError(`--url must be an http(s) URL, got '${base}'`);
    const upstream = new StreamableHTTPClientTransport(endpoint, {
      requestInit: { headers: { authorization: `Bearer ${flags.token}` } },
    });
    const stdio = new StdioServerTransport();
    // The client ends the session by closing our stdin.
    const closed = new Promise<void>((resolve) => {
      stdio.onclose = resolve;
      process.stdin.once('end', resolve);
    });
    upstream.onmessage = (message) => {
      // After the legacy handshake the client transport sends the negotiated MCP-Protocol-Version.
      if (isJSONRPCResultResponse(message) && typeof message.result.protocolVersion === 'string')
        upstream.setProtocolVersion(message.result.protocolVersion);
      void stdio.send(message);
    };
    upstream.onerror = (error) => process.stderr.write(`upside mcp: ${error.message}\n`);
    stdio.onmessage = (message: JSONRPCMessage) => {
      upstream.send(message).catch((error: unknown) => {
        process.stderr.write(`upside mcp: ${refusalMessage(error)}\n`);
        if (isJSONRPCRequest(message))
          void stdio.send({
            jsonrpc: '2.0',
            id: message.id,
            error: { code: UPSTREAM_REFUSED, message: refusalMessage(error) },
          });
      });
    };
    await upstream.start();
    await stdio.start();
    await closed;
    await Promise.all([stdio.close(), upstream.close()]);
    return 0;
  },
};

/** Where the app listens by this machine's configuration. */
function defaultAppUrl(): string {
  try {
    const env = loadEnv();
    return env.publicUrl ?? `http://${env.host}:${env.port}`;
  } catch (error) {
    if (error instanceof EnvError) throw new CliUsageError(error.message.replaceAll('\n', ' '));
    throw error;
  }
}
