import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AskAnswerSchema, AskConfigSchema, AskRequestSchema } from '../../../shared/contracts/ask.ts';
import { AppError } from '../../errors.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { answerQuestion } from './answer-question.ts';

/** What the Ask panel shows when no model is configured. */
const SETUP =
  'Ask Upside uses a model you choose, through any OpenAI-compatible chat-completions server. Set LLM_BASE_URL (e.g. http://127.0.0.1:8080/v1 for llama.cpp’s llama-server, http://localhost:11434/v1 for Ollama) and LLM_MODEL (the model’s name), plus LLM_API_KEY if the server needs one, then restart Upside. With a local server nothing leaves this machine. Or connect an AI assistant over MCP: Profile → Connect an AI assistant.';

/** Ask Upside in the app (issue 42): whether a model is configured, and answering a question. */
export function registerAskRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/ask/config',
    { config: { access: 'read' }, schema: { response: { 200: AskConfigSchema } } },
    async () => ({
      configured: deps.env.llm !== undefined,
      model: deps.env.llm?.model ?? null,
      setup: SETUP,
    }),
  );
  api.post(
    '/api/ask',
    { config: { access: 'read' }, schema: { body: AskRequestSchema, response: { 200: AskAnswerSchema } } },
    async (request) => {
      const principal = requireAuth(request);
      if (!deps.env.llm) throw new AppError(409, 'assistant_not_configured', SETUP);
      return answerQuestion({ deps, principal }, deps.env.llm, request.body.question);
    },
  );
}
