import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DayRangeQuerySchema, dayRangeRequestOf } from '../../../shared/contracts/date-range.ts';
import {
  MetaConnectionTestSchema,
  MetaDataTestSchema,
  MetaDebugSchema,
  MetaSpendingSchema,
  MetaSummarySchema,
} from '../../../shared/contracts/meta.ts';
import {
  getMetaDebug,
  getMetaSpendingLastMonth,
  getMetaSummary,
  testMetaAvailableData,
  testMetaConnection,
} from '../../domain/credentials/manage-meta-credentials.ts';
import { readMetricWindow } from '../../domain/metrics/metric-window.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';

/** Meta endpoints of spec §7 (+ the dashboard summary). Responses never carry tokens. */
export function registerMetaRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = () => deps.integration;

  app.get(
    '/api/meta/debug-temp',
    { config: { access: 'read' }, schema: { response: { 200: MetaDebugSchema } } },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return getMetaDebug(context(), workspaceId);
    },
  );

  app.get(
    '/api/meta/test-connection',
    { config: { access: 'read' }, schema: { response: { 200: MetaConnectionTestSchema } } },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return testMetaConnection(context(), workspaceId);
    },
  );

  app.get(
    '/api/meta/test-available-data',
    { config: { access: 'read' }, schema: { response: { 200: MetaDataTestSchema } } },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return testMetaAvailableData(context(), workspaceId);
    },
  );

  app.get(
    '/api/meta/spending/last-month',
    { config: { access: 'read' }, schema: { response: { 200: MetaSpendingSchema } } },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      return getMetaSpendingLastMonth(context(), workspaceId);
    },
  );

  app.get(
    '/api/meta/summary',
    {
      config: { access: 'read' },
      schema: { querystring: DayRangeQuerySchema, response: { 200: MetaSummarySchema } },
    },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      // The metrics window (decision 011): Meta's spend over the same days as the store's pages.
      const window = await readMetricWindow(
        deps.db,
        workspaceId,
        dayRangeRequestOf(request.query),
        deps.clock(),
        'none',
      );
      const summary = await getMetaSummary(
        context(),
        workspaceId,
        window ? { since: window.start, until: window.end } : null,
      );
      return {
        ...summary,
        from: window?.start ?? null,
        to: window?.end ?? null,
        comparison: window?.comparison ?? null,
      };
    },
  );
}
