import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DismissOpportunityBodySchema,
  OpportunityIdParamsSchema,
  OpportunityListQuerySchema,
  OpportunityListSchema,
  OpportunitySchema,
  OpportunityStatsQuerySchema,
  OpportunityStatsSchema,
} from '../../../shared/contracts/opportunities.ts';
import { readRunOnce } from '../../domain/analysis-runs/read-analytics.ts';
import { dismissOpportunity, restoreOpportunity } from '../../domain/opportunities/dismiss-opportunities.ts';
import {
  exportOpportunitiesCsv,
  implementOpportunity,
  readOpportunitiesOfRun,
  readOpportunityStats,
} from '../../domain/opportunities/manage-opportunities.ts';
import { requireAuth, requireAuthWithLatestRun } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { getSnapshotJson } from '../../http/plugins/snapshot-json.ts';

/**
 * Revenue opportunities of the caller's workspace (spec §7): list, stats, implement, CSV export;
 * dismiss, snooze and restore (issue #36).
 */
export function registerOpportunityRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  // The costliest read of the 30 s polls: served as bytes cached per run and list version.
  getSnapshotJson(app, deps, '/api/opportunities', {
    schema: OpportunityListSchema,
    section: 'opportunities',
    latestRun: 'run-and-list',
    querystring: OpportunityListQuerySchema,
    empty: [],
    read: (run, workspaceId, query) => readOpportunitiesOfRun(db, workspaceId, run, query.sort),
  });
  api.get(
    '/api/opportunities/stats',
    {
      config: { access: 'read', latestRun: 'run-and-list' },
      schema: { querystring: OpportunityStatsQuerySchema, response: { 200: OpportunityStatsSchema } },
    },
    async (request) => {
      const { workspaceId, latestRun } = requireAuthWithLatestRun(request);
      const run = latestRun.id ? await readRunOnce(deps, workspaceId, latestRun.id) : null;
      const period = Number(request.query.period);
      return readOpportunityStats(
        deps,
        workspaceId,
        run,
        latestRun.implementedVersion ?? '',
        period,
        deps.clock(),
      );
    },
  );
  api.get(
    '/api/opportunities/export.csv',
    { config: { access: 'read', audit: 'export.downloaded' } },
    async (request, reply) => {
      const csv = await exportOpportunitiesCsv(deps, requireAuth(request).workspaceId);
      const day = deps.clock().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="revenue-opportunities-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
  api.post(
    '/api/opportunities/:id/implement',
    {
      config: { access: 'analyze' },
      schema: { params: OpportunityIdParamsSchema, response: { 200: OpportunitySchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      return implementOpportunity(deps, auth.workspaceId, auth.userId, request.params.id, deps.clock());
    },
  );
  api.post(
    '/api/opportunities/:id/dismiss',
    {
      config: { access: 'analyze' },
      schema: {
        params: OpportunityIdParamsSchema,
        body: DismissOpportunityBodySchema.nullish(),
        response: { 200: OpportunitySchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return dismissOpportunity(
        deps,
        auth.workspaceId,
        auth.userId,
        request.params.id,
        request.body ?? {},
        deps.clock(),
      );
    },
  );
  api.post(
    '/api/opportunities/:id/restore',
    {
      config: { access: 'analyze' },
      schema: { params: OpportunityIdParamsSchema, response: { 200: OpportunitySchema } },
    },
    async (request) =>
      restoreOpportunity(deps, requireAuth(request).workspaceId, request.params.id, deps.clock()),
  );
}
