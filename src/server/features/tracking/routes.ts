import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ClickStatisticsSchema,
  ClicksQuerySchema,
  CursorStatisticsSchema,
  HeatmapResponseSchema,
  INGEST_LIMITS,
  type IngestResponse,
  TrackingScopeQuerySchema,
  TrackingSessionsResponseSchema,
} from '../../../shared/contracts/cursor-tracking.ts';
import {
  ElementRevenueSchema,
  ExperimentVariantsQuerySchema,
  FilteredHeatmapQuerySchema,
  FrustrationSchema,
  HeatmapFilterSchema,
  ScrollMapSchema,
  SessionExperimentsSchema,
} from '../../../shared/contracts/heatmap-insights.ts';
import {
  getClickStatistics,
  getCursorStatistics,
  listTrackingSessions,
} from '../../domain/tracking/read-cursor-tracking.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { readBuiltScript } from './built-scripts.ts';
import { EVENTS_PATH } from './custom-pixel.ts';
import { createEventWriter } from './ingest/event-writer.ts';
import { createRateLimiter } from './ingest/rate-limiter.ts';
import { IngestRefusal, ingestCursorEvents } from './ingest-cursor-events.ts';
import { isKnownTrackingOrigin } from './manage-tracking-configurations.ts';
import { getHeatmap } from './read-heatmap.ts';
import { getElementRevenue, getFrustration, getScrollMap } from './read-heatmap-insights.ts';
import { listSessionExperiments } from './read-session-experiments.ts';

function setCors(reply: FastifyReply, origin: string | null): void {
  if (!origin) return;
  reply.header('access-control-allow-origin', origin);
  reply.header('vary', 'Origin');
}

/**
 * Cursor tracking: the public ingestion endpoint (its own body parser and 64 KB limit, CORS for the
 * website's origin only), the tracker script, and the dashboard's reads.
 */
export async function registerCursorTrackingRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const writer = createEventWriter(deps.db, {
    clock: deps.clock,
    retentionDays: deps.env.trackingRetentionDays,
    rawFirst: deps.env.trackingRawFirst,
    onMaintenanceError: (error) => app.log.error({ err: error }, 'cursor tracking maintenance failed'),
  });
  const limiter = createRateLimiter(deps.db, deps.env.trackingRate);
  app.addHook('onClose', async () => writer.drain());

  await app.register(async (scope) => {
    // Tracker bodies are text/plain (a CORS "simple" request, no preflight); JSON is accepted too.
    // The body is parsed by the use case, which reports its own readable 4xx.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: INGEST_LIMITS.maxBodyBytes },
      (_req, body, done) => done(null, body),
    );

    // Every tracked page view posts here: a log line per request would cost more than the write
    // (about a tenth of the server's CPU at 10k events/s). Warnings and errors are still logged.
    scope.post(
      EVENTS_PATH,
      { config: { access: 'public', allowCrossSite: true }, logLevel: 'warn' },
      async (request, reply) => {
        const origin = request.headers.origin;
        try {
          const result = await ingestCursorEvents(deps, writer, limiter, {
            body: typeof request.body === 'string' ? request.body : '',
            origin,
            userAgent: request.headers['user-agent'],
            workspaceId: request.auth?.workspaceId ?? null,
            publicOrigin: new URL(deps.publicUrl()).origin,
            now: deps.clock(),
          });
          setCors(reply, result.allowOrigin);
          return reply.status(200).send({ accepted: result.accepted } satisfies IngestResponse);
        } catch (error) {
          if (!(error instanceof IngestRefusal)) throw error;
          setCors(reply, error.allowOrigin);
          if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
          return reply.status(error.status).send({ message: error.message, code: error.code });
        }
      },
    );

    scope.options(
      EVENTS_PATH,
      { config: { access: 'public', allowCrossSite: true }, logLevel: 'warn' },
      async (request, reply) => {
        const origin = request.headers.origin;
        if (origin && (await isKnownTrackingOrigin(deps.db, origin))) {
          setCors(reply, origin);
          reply.header('access-control-allow-methods', 'POST');
          reply.header('access-control-allow-headers', 'content-type');
          reply.header('access-control-max-age', '86400');
        }
        return reply.status(204).send();
      },
    );
  });

  app.get('/tracker.js', async (_request, reply) => {
    const code = await readBuiltScript('tracker.js');
    // The URL is not content-hashed (it sits in customers' pages), so cache for an hour and revalidate.
    return reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600, stale-while-revalidate=86400')
      .header('access-control-allow-origin', '*')
      .send(code);
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/cursor-tracking/statistics',
    {
      config: { access: 'read' },
      schema: { querystring: TrackingScopeQuerySchema, response: { 200: CursorStatisticsSchema } },
    },
    async (request) =>
      getCursorStatistics(deps.db, { workspaceId: requireAuth(request).workspaceId, ...request.query }),
  );
  api.get(
    '/api/cursor-tracking/clicks',
    {
      config: { access: 'read' },
      schema: { querystring: ClicksQuerySchema, response: { 200: ClickStatisticsSchema } },
    },
    async (request) =>
      getClickStatistics(deps.db, { workspaceId: requireAuth(request).workspaceId, ...request.query }),
  );
  api.get(
    '/api/cursor-tracking/heatmap',
    {
      config: { access: 'read' },
      schema: { querystring: FilteredHeatmapQuerySchema, response: { 200: HeatmapResponseSchema } },
    },
    async (request) =>
      getHeatmap(deps.db, deps.caches.heatmapTiles, {
        workspaceId: requireAuth(request).workspaceId,
        ...request.query,
      }),
  );
  api.get(
    '/api/cursor-tracking/scroll',
    {
      config: { access: 'read' },
      schema: { querystring: HeatmapFilterSchema, response: { 200: ScrollMapSchema } },
    },
    async (request) =>
      getScrollMap(deps.db, deps.caches.answers, {
        workspaceId: requireAuth(request).workspaceId,
        ...request.query,
      }),
  );
  api.get(
    '/api/cursor-tracking/frustration',
    {
      config: { access: 'read' },
      schema: { querystring: HeatmapFilterSchema, response: { 200: FrustrationSchema } },
    },
    async (request) =>
      getFrustration(deps.db, deps.caches.answers, {
        workspaceId: requireAuth(request).workspaceId,
        ...request.query,
      }),
  );
  api.get(
    '/api/cursor-tracking/element-revenue',
    {
      config: { access: 'read' },
      schema: { querystring: HeatmapFilterSchema, response: { 200: ElementRevenueSchema } },
    },
    async (request) =>
      getElementRevenue(deps.db, { workspaceId: requireAuth(request).workspaceId, ...request.query }),
  );
  api.get(
    '/api/cursor-tracking/experiments',
    {
      config: { access: 'read' },
      schema: { querystring: ExperimentVariantsQuerySchema, response: { 200: SessionExperimentsSchema } },
    },
    async (request) =>
      listSessionExperiments(deps.db, { workspaceId: requireAuth(request).workspaceId, ...request.query }),
  );
  api.get(
    '/api/cursor-tracking/sessions',
    {
      config: { access: 'read' },
      schema: { querystring: TrackingScopeQuerySchema, response: { 200: TrackingSessionsResponseSchema } },
    },
    async (request) =>
      listTrackingSessions(
        deps.db,
        { workspaceId: requireAuth(request).workspaceId, ...request.query },
        deps.clock(),
      ),
  );
}
