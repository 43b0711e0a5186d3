import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GaCredentialsRequestSchema } from '../../../shared/contracts/credentials.ts';
import { GaOverviewSchema, GaPagesSchema, GaTrafficSchema } from '../../../shared/contracts/ga.ts';
import { MetricPeriodQuerySchema } from '../../../shared/metrics.ts';
import { getGaReportWith, getStoredGaReport } from '../../domain/credentials/manage-ga-credentials.ts';
import { readMetricWindow } from '../../domain/metrics/metric-window.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { CREDENTIALS_BODY_LIMIT } from '../../platform/http/credentials-body-limit.ts';
import { readGaOverview } from './read-ga-overview.ts';

/**
 * GA data (spec §7): GET with the stored credentials, POST with credentials in the body (the
 * dashboard's connect form; nothing is stored), plus the profile panel's overview.
 */
export function registerGaRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = () => deps.integration;
  const bodyLimit = CREDENTIALS_BODY_LIMIT;
  /** The metrics window's days, or GA4's own last 30 days before a shop is synced. */
  const daysOf = async (workspaceId: string, period: string) => {
    const window = await readMetricWindow(deps.db, workspaceId, Number(period), deps.clock());
    return window ? { startDate: window.start, endDate: window.end } : null;
  };
  const querystring = MetricPeriodQuerySchema;

  // The spec's path and the one the dashboard's other GA reads sit beside: one handler.
  for (const path of ['/api/analytics/ga/overview', '/api/ga/analytics/overview']) {
    app.get(
      path,
      { config: { access: 'read' }, schema: { querystring, response: { 200: GaOverviewSchema } } },
      async (request) => {
        const { workspaceId } = requireAuth(request);
        return readGaOverview(deps, workspaceId, Number(request.query.period));
      },
    );
  }
  app.get(
    '/api/ga/analytics/pages',
    { config: { access: 'read' }, schema: { querystring, response: { 200: GaPagesSchema } } },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return getStoredGaReport(
        context(),
        workspaceId,
        'pages',
        await daysOf(workspaceId, request.query.period),
      );
    },
  );
  app.get(
    '/api/ga/analytics/traffic',
    { config: { access: 'read' }, schema: { querystring, response: { 200: GaTrafficSchema } } },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return getStoredGaReport(
        context(),
        workspaceId,
        'traffic',
        await daysOf(workspaceId, request.query.period),
      );
    },
  );

  app.post(
    '/api/ga/analytics/overview',
    {
      config: { access: 'connections', audit: 'credentials.changed' },
      bodyLimit,
      schema: { body: GaCredentialsRequestSchema, response: { 200: GaOverviewSchema } },
    },
    async (request) => {
      requireAuth(request);
      return getGaReportWith(context(), request.body, 'overview');
    },
  );
  app.post(
    '/api/ga/analytics/pages',
    {
      config: { access: 'connections', audit: 'credentials.changed' },
      bodyLimit,
      schema: { body: GaCredentialsRequestSchema, response: { 200: GaPagesSchema } },
    },
    async (request) => {
      requireAuth(request);
      return getGaReportWith(context(), request.body, 'pages');
    },
  );
  app.post(
    '/api/ga/analytics/traffic',
    {
      config: { access: 'connections', audit: 'credentials.changed' },
      bodyLimit,
      schema: { body: GaCredentialsRequestSchema, response: { 200: GaTrafficSchema } },
    },
    async (request) => {
      requireAuth(request);
      return getGaReportWith(context(), request.body, 'traffic');
    },
  );
}
