import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AnalysisStatusSchema,
  AttributionQuerySchema,
  AttributionRowListSchema,
  CohortPointListSchema,
  CustomerSegmentListSchema,
  RevenueForecastSchema,
  StockImpactRowListSchema,
} from '../../../shared/contracts/analytics.ts';
import {
  findLatestRunId,
  NO_REVENUE_FORECAST,
  readAnalysisStatus,
  readCohortRetentionOfRun,
  readCustomerSegmentsOfRun,
  readRevenueForecastOfRun,
  readStockImpactOfRun,
} from '../../domain/analysis-runs/read-analytics.ts';
import { readChannelAttribution } from '../../domain/metrics/read-channel-attribution.ts';
import { requireAuth, requireAuthWithLatestRun } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { getSnapshotJson } from '../../http/plugins/snapshot-json.ts';
import type { RunAnalysisNow } from '../../platform/ports/run-analysis-now.ts';

/**
 * Dashboard reads from the latest analysis snapshot of the caller's workspace (spec §7), plus the
 * analysis status ("Last updated") and an on-demand run.
 */
export function registerAnalyticsRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  runAnalysisNow: RunAnalysisNow,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  getSnapshotJson(app, deps, '/api/analytics/revenue-forecast', {
    schema: RevenueForecastSchema,
    section: 'revenue-forecast',
    empty: NO_REVENUE_FORECAST,
    read: (run) => readRevenueForecastOfRun(db, run),
  });
  getSnapshotJson(app, deps, '/api/analytics/customer-segments', {
    schema: CustomerSegmentListSchema,
    section: 'customer-segments',
    empty: [],
    read: (run) => readCustomerSegmentsOfRun(db, run),
  });
  getSnapshotJson(app, deps, '/api/analytics/cohort-retention', {
    schema: CohortPointListSchema,
    section: 'cohort-retention',
    empty: [],
    read: (run) => readCohortRetentionOfRun(db, run),
  });
  // Live over the metrics window (not the run's snapshot), so the period selector on / applies.
  api.get(
    '/api/analytics/attribution',
    {
      config: { access: 'read' },
      schema: { querystring: AttributionQuerySchema, response: { 200: AttributionRowListSchema } },
    },
    async (request) =>
      readChannelAttribution(
        deps,
        requireAuth(request).workspaceId,
        Number(request.query.period),
        deps.clock(),
      ),
  );
  getSnapshotJson(app, deps, '/api/analytics/stock-impact', {
    schema: StockImpactRowListSchema,
    section: 'stock-impact',
    empty: [],
    read: (run) => readStockImpactOfRun(db, run),
  });
  api.get(
    '/api/analysis/status',
    { config: { access: 'read', latestRun: 'run' }, schema: { response: { 200: AnalysisStatusSchema } } },
    async (request) => {
      const { workspaceId, latestRun } = requireAuthWithLatestRun(request);
      return readAnalysisStatus(deps, workspaceId, latestRun.id);
    },
  );
  // Runs now and answers when done (a run already in progress is joined, not repeated), through the
  // port the composition root passes in (decision 155).
  api.post(
    '/api/analysis/run',
    { config: { access: 'analyze' }, schema: { response: { 200: AnalysisStatusSchema } } },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      await runAnalysisNow(workspaceId);
      return readAnalysisStatus(deps, workspaceId, await findLatestRunId(db, workspaceId));
    },
  );
}
