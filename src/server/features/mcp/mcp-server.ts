import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { InvalidParamsError, type ToolContext } from '../../domain/assistant-tools/tool-definition.ts';
import { callUpsideTool, UPSIDE_TOOLS } from '../../domain/assistant-tools/tool-registry.ts';
import { expandPrompt, UPSIDE_PROMPTS } from './prompts.ts';
import {
  METRIC_DEFINITIONS_URI,
  metricDefinitionsText,
  STORE_PROFILE_URI,
  storeProfile,
  UPSIDE_RESOURCES,
} from './resources.ts';
import { SPOKEN_REVISIONS, STATELESS_REVISION } from './stateless-revision.ts';

const SERVER_INFO = { name: 'upside', title: 'Ask Upside', version: '1.0.0' };
const CAPABILITIES = { tools: {}, resources: {}, prompts: {} };
const INSTRUCTIONS =
  'Upside answers questions about one Shopify store with its own figures. Every tool is read-only. Days are shop days (the store’s time zone); read upside://definitions/metrics for what each figure means. Quote figures with their currency and window.';

/** What every tool result states beside its figures (structuredContent's envelope). */
const OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    source: { type: 'string', description: 'The API endpoint whose answer `data` equals' },
    window: { type: ['object', 'null'], description: 'Shop days covered (and compared with)' },
    currency: { type: ['string', 'null'] },
    definitions: { type: 'object', additionalProperties: { type: 'string' } },
    data: {},
  },
  required: ['source', 'window', 'currency', 'definitions', 'data'],
} as const;

/**
 * `server/discover` of protocol revision 2026-07-28 (stateless, no handshake), which SDK 1.x does not
 * define: answered here with the server's identity, capabilities and the revisions it speaks (the
 * stateless one first, then the SDK's legacy ones), so a client may ask before (or instead of)
 * `initialize` (decision 098).
 */
const DiscoverRequestSchema = z.object({
  method: z.literal('server/discover'),
  params: z.record(z.string(), z.unknown()).optional(),
});

/**
 * An MCP server over the token's store (decision 098): low-level SDK `Server` so an unknown tool or
 * invalid arguments are JSON-RPC errors (-32602) naming the tool and field, rather than results.
 * One per request on Streamable HTTP (stateless), one per process on stdio's bridge (the app's).
 */
export function createUpsideMcpServer(context: ToolContext): Server {
  const server = new Server(SERVER_INFO, { capabilities: CAPABILITIES, instructions: INSTRUCTIONS });
  server.setRequestHandler(DiscoverRequestSchema, () => ({
    supportedVersions: SPOKEN_REVISIONS,
    latestVersion: STATELESS_REVISION,
    capabilities: CAPABILITIES,
    serverInfo: SERVER_INFO,
    instructions: INSTRUCTIONS,
  }));
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: UPSIDE_TOOLS.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      outputSchema: OUTPUT_SCHEMA,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const outcome = await callUpsideTool(context, request.params.name, request.params.arguments);
    if (!outcome.ok) return { content: [{ type: 'text', text: outcome.message }], isError: true };
    const structuredContent = { ...outcome.answer };
    return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [...UPSIDE_RESOURCES] }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params;
    if (uri === METRIC_DEFINITIONS_URI)
      return { contents: [{ uri, mimeType: 'text/markdown', text: metricDefinitionsText() }] };
    if (uri === STORE_PROFILE_URI)
      return {
        contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(await storeProfile(context)) }],
      };
    throw new InvalidParamsError(`Unknown resource: ${uri}`, { uri });
  });
  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: UPSIDE_PROMPTS.map(({ text: _text, ...prompt }) => prompt),
  }));
  server.setRequestHandler(GetPromptRequestSchema, (request) =>
    expandPrompt(request.params.name, request.params.arguments),
  );
  return server;
}
