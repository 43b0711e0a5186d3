import Fastify, { type FastifyInstance } from 'fastify';

/**
 * An emulator of the OpenAI chat-completions wire format with function tools, as llama.cpp's
 * llama-server and Ollama serve it at `/v1/chat/completions` (contracts/external-apis-2.md §6).
 * It plays a scripted model: for the user's question the first rule whose pattern matches names
 * the tool calls to make (`finish_reason: 'tool_calls'`, `message.tool_calls[{ id, type:
 * 'function', function: { name, arguments: <JSON string> } }]`); once every call's `role: 'tool'`
 * message is back, it answers in words built from those results (`finish_reason: 'stop'`). It
 * refuses what a real server refuses: a wrong key (401), a malformed request or a tool result
 * without its call (400).
 */

export interface ScriptedToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface ScriptRule {
  pattern: RegExp;
  calls: ScriptedToolCall[];
  /** The final answer from the tools' results (each `role: 'tool'` content, parsed), in call order. */
  answer(results: unknown[]): string;
}

export interface OpenAiEmulator {
  /** The base URL to configure as LLM_BASE_URL (ends in /v1). */
  baseUrl: string;
  /** Every request body received, in order. */
  received: unknown[];
  close(): Promise<void>;
}

interface WireMessage {
  role?: unknown;
  content?: unknown;
  tool_call_id?: unknown;
  tool_calls?: Array<{ id?: unknown }>;
}

const invalid = (message: string) => ({ error: { message, type: 'invalid_request_error', code: null } });

function completion(message: Record<string, unknown>, finishReason: 'tool_calls' | 'stop') {
  return {
    id: `chatcmpl-${Date.now().toString(36)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    choices: [{ index: 0, finish_reason: finishReason, message: { role: 'assistant', ...message } }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

/** Why a real server would refuse this body, or null. */
function wireProblem(body: { model?: unknown; messages?: unknown; tools?: unknown }): string | null {
  if (typeof body.model !== 'string' || body.model === '') return 'model is required';
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    return 'messages must be a non-empty array';
  if (body.tools !== undefined) {
    if (!Array.isArray(body.tools)) return 'tools must be an array';
    for (const tool of body.tools as Array<{
      type?: unknown;
      function?: { name?: unknown; parameters?: unknown };
    }>)
      if (
        tool.type !== 'function' ||
        typeof tool.function?.name !== 'string' ||
        typeof tool.function.parameters !== 'object'
      )
        return 'each tool must be { type: "function", function: { name, parameters } }';
  }
  const messages = body.messages as WireMessage[];
  const open = new Set<unknown>();
  for (const message of messages) {
    if (message.role === 'assistant') for (const call of message.tool_calls ?? []) open.add(call.id);
    if (message.role === 'tool' && !open.delete(message.tool_call_id))
      return `tool message for unknown tool_call_id ${String(message.tool_call_id)}`;
  }
  return null;
}

export async function startOpenAiEmulator(options: {
  rules: ScriptRule[];
  apiKey?: string;
  port?: number;
}): Promise<OpenAiEmulator> {
  const received: unknown[] = [];
  const app: FastifyInstance = Fastify({ logger: false, forceCloseConnections: true });
  app.post('/v1/chat/completions', async (request, reply) => {
    if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`)
      return reply.status(401).send({
        error: {
          message: 'Incorrect API key provided.',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      });
    const body = (request.body ?? {}) as { model?: unknown; messages?: unknown; tools?: unknown };
    received.push(body);
    const problem = wireProblem(body);
    if (problem) return reply.status(400).send(invalid(problem));
    const messages = body.messages as WireMessage[];
    const question = [...messages].reverse().find((message) => message.role === 'user')?.content;
    const rule = options.rules.find((candidate) => candidate.pattern.test(String(question)));
    if (!rule) return completion({ content: 'I cannot answer that from Upside’s tools.' }, 'stop');
    const results = messages
      .filter((message) => message.role === 'tool')
      .map((message) => JSON.parse(String(message.content)) as unknown);
    if (results.length < rule.calls.length)
      return completion(
        {
          content: null,
          tool_calls: rule.calls.map((call, index) => ({
            id: `call_${index + 1}`,
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          })),
        },
        'tool_calls',
      );
    return completion({ content: rule.answer(results) }, 'stop');
  });
  const address = await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  return { baseUrl: `${address}/v1`, received, close: () => app.close() };
}
