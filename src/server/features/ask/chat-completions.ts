import { z } from 'zod';
import type { Env } from '../../env.ts';
import { AppError } from '../../errors.ts';

/**
 * The OpenAI chat-completions wire format with function tools, as OpenAI, llama.cpp's llama-server
 * and Ollama's /v1 speak it (contracts/external-apis-2.md §6): the request's `tools`, the answer's
 * `choices[0].message.tool_calls[{ id, type: 'function', function: { name, arguments } }]` with
 * `finish_reason: 'tool_calls'`, and `role: 'tool'` messages carrying each call's result back.
 * No `tool_choice` is sent: Ollama does not support it.
 */
export type LlmConfig = NonNullable<Env['llm']>;

export interface ChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

const ToolCallSchema = z.object({
  id: z.string().min(1),
  type: z.literal('function'),
  function: z.object({ name: z.string().min(1), arguments: z.string() }),
});
export type ChatToolCall = z.infer<typeof ToolCallSchema>;

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

const ChatCompletionSchema = z.object({
  choices: z
    .array(
      z.object({
        finish_reason: z.string().nullable(),
        message: z.object({
          role: z.literal('assistant'),
          content: z.string().nullable().optional(),
          tool_calls: z.array(ToolCallSchema).optional(),
        }),
      }),
    )
    .min(1),
});
export type ChatChoice = z.infer<typeof ChatCompletionSchema>['choices'][number];

/** How long one completion may take: local models on a CPU are slow. */
const COMPLETION_TIMEOUT_MS = 120_000;

/** One `POST {LLM_BASE_URL}/chat/completions`; a failure is a 502 naming what went wrong, never the key. */
export async function requestChatCompletion(
  llm: LlmConfig,
  messages: ChatMessage[],
  tools: ChatTool[],
): Promise<ChatChoice> {
  let response: Response;
  try {
    response = await fetch(`${llm.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: llm.model, messages, tools }),
      signal: AbortSignal.timeout(COMPLETION_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new AppError(
      502,
      timedOut ? 'upstream_timeout' : 'upstream_network',
      timedOut
        ? `The model at LLM_BASE_URL did not answer within ${COMPLETION_TIMEOUT_MS / 1000} s.`
        : 'The model at LLM_BASE_URL could not be reached.',
    );
  }
  if (response.status === 401 || response.status === 403)
    throw new AppError(
      502,
      'upstream_auth',
      `The model at LLM_BASE_URL refused LLM_API_KEY (HTTP ${response.status}).`,
    );
  if (!response.ok)
    throw new AppError(
      502,
      'upstream_unavailable',
      `The model at LLM_BASE_URL answered HTTP ${response.status}.`,
    );
  const parsed = ChatCompletionSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success)
    throw new AppError(
      502,
      'upstream_invalid_response',
      'The model at LLM_BASE_URL answered outside the chat-completions format.',
    );
  return parsed.data.choices[0]!;
}
