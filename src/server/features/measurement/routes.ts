import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MmmAnswerSchema,
  MmmQuerySchema,
  PlanAnswerSchema,
  PlanBodySchema,
} from '../../../shared/contracts/measurement.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { planShopBudget } from './plan-shop-budget.ts';
import { readMmmAnswer } from './read-mmm-answer.ts';

/** The Measurement page (issue #41): the marketing-mix model of a range and the budget planner over it. */
export function registerMeasurementRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/measurement/mmm',
    {
      config: { access: 'costs:read' },
      schema: { querystring: MmmQuerySchema, response: { 200: MmmAnswerSchema } },
    },
    async (request) => readMmmAnswer(deps, requireAuth(request).workspaceId, request.query),
  );
  api.post(
    '/api/measurement/plan',
    {
      config: { access: 'costs:read' },
      schema: { body: PlanBodySchema, response: { 200: PlanAnswerSchema } },
    },
    async (request) => planShopBudget(deps, requireAuth(request).workspaceId, request.body),
  );
}
