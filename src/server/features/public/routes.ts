import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  PUBLIC_SERVICES,
  type PublicServiceResponse,
  PublicServiceResponseSchema,
} from '../../../shared/contracts/public.ts';
import type { AppDeps } from '../../http/deps.ts';
import { RATE_LIMITS } from '../../http/plugins/rate-limits.ts';
import { APP_VERSION } from '../../version.ts';

const ENDPOINTS = PUBLIC_SERVICES.map((service) => `/api/public/${service}`);

/**
 * Unauthenticated probes behind the Public Service Testing page: uptime, environment name,
 * version and non-secret configuration only (design §5).
 */
export function registerPublicRoutes(app: FastifyInstance, deps: AppDeps): void {
  const respond = (
    fields: Pick<PublicServiceResponse, 'message' | 'status' | 'data' | 'config' | 'note'>,
  ): PublicServiceResponse => ({
    ...fields,
    uptime: Math.round((deps.clock().getTime() - deps.startedAt.getTime()) / 1000),
    environment: deps.env.nodeEnv,
    endpoints: ENDPOINTS,
    timestamp: deps.clock().toISOString(),
  });
  const schema = { response: { 200: PublicServiceResponseSchema, 503: PublicServiceResponseSchema } };
  const config = { access: 'public', rateLimit: RATE_LIMITS.publicProbe } as const;

  app.get('/api/public/health', { schema, config }, async (_request, reply) => {
    const started = performance.now();
    const databaseAnswers = await deps.db
      .execute(sql`SELECT 1`)
      .then(() => true)
      .catch(() => false);
    const body = respond({
      message: databaseAnswers ? 'Service is healthy' : 'Database is not answering',
      status: databaseAnswers ? 'healthy' : 'unhealthy',
      data: {
        database: databaseAnswers ? 'connected' : 'unreachable',
        databaseLatencyMs: Math.round((performance.now() - started) * 10) / 10,
      },
      config: {},
      note: 'Checks that the API process runs and its database answers a query.',
    });
    return reply.status(databaseAnswers ? 200 : 503).send(body);
  });

  app.get('/api/public/basic-stats', { schema, config }, async () => {
    const memory = process.memoryUsage();
    return respond({
      message: 'Basic statistics',
      status: 'ok',
      data: {
        version: APP_VERSION,
        nodeVersion: process.version,
        memoryRssMb: Math.round(memory.rss / 1024 / 1024),
        heapUsedMb: Math.round(memory.heapUsed / 1024 / 1024),
      },
      config: {},
      note: 'Process figures only; no store data is exposed publicly.',
    });
  });

  app.get('/api/public/config', { schema, config }, async () =>
    respond({
      message: 'Public configuration',
      status: 'ok',
      data: {},
      config: {
        version: APP_VERSION,
        database: deps.database.kind === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL',
        signIn: deps.env.oidc ? 'OpenID Connect' : 'development identity provider',
        demoMode: deps.env.demo,
        syncIntervalMinutes: deps.env.syncIntervalMinutes,
        trackingRetentionDays: deps.env.trackingRetentionDays,
      },
      note: 'Non-secret settings only: no keys, tokens, URLs with passwords or credentials.',
    }),
  );

  app.get('/api/public/sample-data', { schema, config }, async () =>
    respond({
      message: 'Sample data',
      status: 'ok',
      data: {
        opportunity: {
          type: 'restock_before_stockout',
          title: 'Restock a best-seller before it runs out',
          priority: 'high',
          revenueImpactMin: '1200.00',
          revenueImpactMax: '2400.00',
          confidenceScore: 0.8,
        },
        segment: { segment: 'Champions', count: 120, growthRate: 4.2 },
      },
      config: {},
      note: 'Illustrative shapes of the API objects; not any store’s data.',
    }),
  );
}
