import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ModelDiagnosticsSchema, ModelRunListSchema } from '../../../shared/contracts/models.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import type { RunModelChecks } from '../../platform/ports/run-model-checks.ts';
import { listModelRuns, readModelDiagnostics } from './read-models.ts';

/** Predictive Models: the latest run's model diagnostics and checks, and the run history. */
export function registerModelRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  runModelChecks: RunModelChecks,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/models/diagnostics',
    { config: { access: 'read' }, schema: { response: { 200: ModelDiagnosticsSchema } } },
    async (request) => readModelDiagnostics(deps, requireAuth(request).workspaceId, runModelChecks),
  );
  api.get(
    '/api/models/runs',
    { config: { access: 'read' }, schema: { response: { 200: ModelRunListSchema } } },
    async (request) => listModelRuns(deps.db, requireAuth(request).workspaceId),
  );
}
