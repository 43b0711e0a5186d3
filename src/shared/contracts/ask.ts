import { z } from 'zod';

/**
 * Ask Upside in the app (issue 42): a question answered by the owner's OpenAI-compatible model
 * (LLM_BASE_URL, LLM_MODEL) calling the same read-only tools as the MCP server.
 */

/** GET /api/ask/config: whether a model is configured, and how to configure one when it is not. */
export const AskConfigSchema = z.object({
  configured: z.boolean(),
  model: z.string().nullable(),
  /** The configuration steps, shown when no model is configured. */
  setup: z.string(),
});

export const AskRequestSchema = z.strictObject({
  question: z.string().trim().min(1, 'ask a question').max(2000, 'at most 2,000 characters'),
});

/** One tool call the model made: its arguments and the figures the tool answered (or its error). */
export const AskToolCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  arguments: z.unknown(),
  /** The tool's answer: source endpoint, window, currency, definitions and data; null on error. */
  result: z
    .object({
      source: z.string(),
      window: z
        .object({
          from: z.string(),
          to: z.string(),
          previousFrom: z.string().optional(),
          previousTo: z.string().optional(),
          timeZone: z.string().nullable(),
        })
        .nullable(),
      currency: z.string().nullable(),
      definitions: z.record(z.string(), z.string()),
      data: z.unknown(),
    })
    .nullable(),
  error: z.string().nullable(),
});
export type AskToolCall = z.infer<typeof AskToolCallSchema>;

/** POST /api/ask: the model's answer and every tool call it made on the way, in order. */
export const AskAnswerSchema = z.object({
  model: z.string(),
  answer: z.string(),
  toolCalls: z.array(AskToolCallSchema),
});
export type AskAnswer = z.infer<typeof AskAnswerSchema>;
