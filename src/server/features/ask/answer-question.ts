import { localDayOf } from '../../../shared/calendar.ts';
import type { AskAnswer, AskToolCall } from '../../../shared/contracts/ask.ts';
import type { ToolContext } from '../../domain/assistant-tools/tool-definition.ts';
import { InvalidParamsError } from '../../domain/assistant-tools/tool-definition.ts';
import { callUpsideTool, UPSIDE_TOOLS } from '../../domain/assistant-tools/tool-registry.ts';
import { findShop } from '../../domain/shop/read-shop.ts';
import { AppError } from '../../errors.ts';
import {
  type ChatMessage,
  type ChatTool,
  type ChatToolCall,
  type LlmConfig,
  requestChatCompletion,
} from './chat-completions.ts';

/** Model turns before giving up: each may call several tools. */
const MAX_TURNS = 8;

/** The same tools as the MCP server, as chat-completions function tools. */
const CHAT_TOOLS: ChatTool[] = UPSIDE_TOOLS.map((tool) => ({
  type: 'function',
  function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
}));

const SYSTEM_PROMPT = `You are Ask Upside, the analyst of one Shopify store. Answer only from the figures Upside's tools return: call tools first, quote their figures exactly with their currency and window, say which are estimates, and never compute a figure a tool does not give. Days are shop days (the store's time zone). Today is {today}.`;

/** Runs one tool call of the model: its figures, or the error the model should read and correct. */
async function runToolCall(context: ToolContext, call: ChatToolCall): Promise<AskToolCall> {
  const base = { id: call.id, name: call.function.name };
  let args: unknown;
  try {
    args = JSON.parse(call.function.arguments || '{}');
  } catch {
    return { ...base, arguments: call.function.arguments, result: null, error: 'arguments: not valid JSON' };
  }
  try {
    const outcome = await callUpsideTool(context, call.function.name, args);
    return outcome.ok
      ? { ...base, arguments: args, result: outcome.answer, error: null }
      : { ...base, arguments: args, result: null, error: outcome.message };
  } catch (error) {
    if (error instanceof InvalidParamsError)
      return { ...base, arguments: args, result: null, error: error.message };
    throw error;
  }
}

/**
 * POST /api/ask: the question goes to the owner's model with Upside's tools; every tool call is run
 * as the signed-in member (the same permission and visibility rules as the pages) and its result
 * sent back as a `tool` message, until the model answers in words (finish_reason 'stop').
 */
export async function answerQuestion(
  context: ToolContext,
  llm: LlmConfig,
  question: string,
): Promise<AskAnswer> {
  // "Today" for the model is the shop's day: in the evening west of UTC the UTC date is already
  // tomorrow, and "yesterday" would then name the day that is still running at the store.
  const shop = await findShop(context.deps.db, context.principal.workspaceId);
  const today = localDayOf(context.deps.clock(), shop?.timeZone ?? 'UTC');
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM_PROMPT.replace('{today}', today) },
    { role: 'user', content: question },
  ];
  const toolCalls: AskToolCall[] = [];
  for (let turn = 0; turn < MAX_TURNS; turn += 1) {
    const choice = await requestChatCompletion(llm, messages, CHAT_TOOLS);
    const calls = choice.message.tool_calls ?? [];
    if (calls.length === 0)
      return {
        model: llm.model,
        answer: choice.message.content?.trim() || '(the model gave no answer)',
        toolCalls,
      };
    messages.push({ role: 'assistant', content: choice.message.content ?? null, tool_calls: calls });
    for (const call of calls) {
      const done = await runToolCall(context, call);
      toolCalls.push(done);
      messages.push({
        role: 'tool',
        tool_call_id: call.id,
        content: JSON.stringify(done.error === null ? done.result : { error: done.error }),
      });
    }
  }
  throw new AppError(
    502,
    'upstream_invalid_response',
    `The model was still calling tools after ${MAX_TURNS} turns.`,
  );
}
