import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ExperimentInputSchema,
  ExperimentListSchema,
  ExperimentParamsSchema,
  ExperimentSchema,
  SampleSizeQuerySchema,
  SampleSizeSchema,
} from '../../../shared/contracts/experiments.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import {
  calculateSampleSize,
  createExperiment,
  deleteExperiment,
  getExperiment,
  listExperiments,
  updateExperiment,
} from './manage-experiments.ts';

/** A/B tests of the caller's workspace (CRUD with their analysis) and the sample-size calculator. */
export function registerExperimentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/experiments',
    { config: { access: 'read' }, schema: { response: { 200: ExperimentListSchema } } },
    async (request) => listExperiments(deps.db, requireAuth(request).workspaceId),
  );
  api.get(
    '/api/experiments/sample-size',
    {
      config: { access: 'read' },
      schema: { querystring: SampleSizeQuerySchema, response: { 200: SampleSizeSchema } },
    },
    async (request) => {
      requireAuth(request);
      return calculateSampleSize(request.query);
    },
  );
  api.get(
    '/api/experiments/:id',
    {
      config: { access: 'read' },
      schema: { params: ExperimentParamsSchema, response: { 200: ExperimentSchema } },
    },
    async (request) => getExperiment(deps.db, requireAuth(request).workspaceId, request.params.id),
  );
  api.post(
    '/api/experiments',
    {
      config: { access: 'analyze' },
      schema: { body: ExperimentInputSchema, response: { 201: ExperimentSchema } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const created = await createExperiment(
        deps.db,
        auth.workspaceId,
        auth.userId,
        request.body,
        deps.clock(),
      );
      return reply.status(201).send(created);
    },
  );
  api.put(
    '/api/experiments/:id',
    {
      config: { access: 'analyze' },
      schema: {
        params: ExperimentParamsSchema,
        body: ExperimentInputSchema,
        response: { 200: ExperimentSchema },
      },
    },
    async (request) =>
      updateExperiment(
        deps.db,
        requireAuth(request).workspaceId,
        request.params.id,
        request.body,
        deps.clock(),
      ),
  );
  api.delete(
    '/api/experiments/:id',
    {
      config: { access: 'analyze', audit: 'data.deleted' },
      schema: { params: ExperimentParamsSchema, response: { 200: z.object({ deleted: z.literal(true) }) } },
    },
    async (request) => {
      await deleteExperiment(deps.db, requireAuth(request).workspaceId, request.params.id);
      return { deleted: true as const };
    },
  );
}
