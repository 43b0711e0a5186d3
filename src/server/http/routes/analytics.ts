import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AnalysisStatusSchema,
  AttributionRowListSchema,
  CohortPointListSchema,
  CustomerSegmentListSchema,
  RevenueForecastSchema,
  StockImpactRowListSchema,
} from '../../../shared/contracts/analytics.ts';
import {
  readAnalysisStatus,
  readAttribution,
  readCohortRetention,
  readCustomerSegments,
  readRevenueForecast,
  readStockImpact,
} from '../../services/read-analytics.ts';
import { runAnalysis } from '../../services/run-analysis.ts';
import { requireAuth } from '../auth.ts';
import type { AppDeps } from '../deps.ts';

/**
 * Dashboard reads from the latest analysis snapshot of the caller's workspace (spec §7), plus the
 * analysis status ("Last updated") and an on-demand run.
 */
export function registerAnalyticsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/analytics/revenue-forecast',
    { schema: { response: { 200: RevenueForecastSchema } } },
    async (request) => readRevenueForecast(deps.db, requireAuth(request).workspaceId),
  );
  api.get(
    '/api/analytics/customer-segments',
    { schema: { response: { 200: CustomerSegmentListSchema } } },
    async (request) => readCustomerSegments(deps.db, requireAuth(request).workspaceId),
  );
  api.get(
    '/api/analytics/cohort-retention',
    { schema: { response: { 200: CohortPointListSchema } } },
    async (request) => readCohortRetention(deps.db, requireAuth(request).workspaceId),
  );
  api.get(
    '/api/analytics/attribution',
    { schema: { response: { 200: AttributionRowListSchema } } },
    async (request) => readAttribution(deps.db, requireAuth(request).workspaceId),
  );
  api.get(
    '/api/analytics/stock-impact',
    { schema: { response: { 200: StockImpactRowListSchema } } },
    async (request) => readStockImpact(deps.db, requireAuth(request).workspaceId),
  );
  api.get('/api/analysis/status', { schema: { response: { 200: AnalysisStatusSchema } } }, async (request) =>
    readAnalysisStatus(deps.db, requireAuth(request).workspaceId),
  );
  // Runs now and answers when done (a run already in progress is joined, not repeated).
  api.post('/api/analysis/run', { schema: { response: { 200: AnalysisStatusSchema } } }, async (request) => {
    const { workspaceId } = requireAuth(request);
    await runAnalysis(deps, workspaceId, 'manual');
    return readAnalysisStatus(deps.db, workspaceId);
  });
}
