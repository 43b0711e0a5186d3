import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema/index.ts';
import { loadEnv } from '../../src/server/env.ts';
import type { FeaturePlugin } from '../../src/server/http/feature-plugin.ts';
import { catalogue } from '../../src/server/jobs/catalogue.ts';
import { handleJob } from '../../src/server/jobs/job-handler.ts';
import { features, startWorker } from '../../src/server/main.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { createMigratedTestDatabase } from '../support/test-database.ts';

/**
 * Decision 190: a feature is a plugin whose routes are registered, each feature in its own Fastify
 * context, after the hooks every request passes. A probe feature served beside the build's shows
 * that those hooks (session, permissions, audit) reach a feature's routes while the feature's own
 * hook stays in its context; that an /api route without an access rule still stops the start; and
 * that the worker process takes a feature's jobs without building its routes.
 */

const PROBE_HEADER = 'x-probe-feature';

const probeFeature: FeaturePlugin = {
  name: 'probe',
  routes: async (app) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header(PROBE_HEADER, 'yes');
      return payload;
    });
    app.get(
      '/api/probe/principal',
      { config: { access: 'read', audit: 'export.downloaded' } },
      async (request) => ({ userId: request.auth?.userId ?? null }),
    );
  },
};

describe('a feature plugin behind the hooks every request passes', () => {
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    app = await startTestApp({}, { features: [...features, probeFeature] });
    cookie = await app.signIn('probe-owner@example.com', 'Probe');
  });
  afterAll(() => app?.close());

  it('answers 401 without a session: the permissions hook reaches the feature', async () => {
    const response = await app.request('/api/probe/principal');
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe('unauthorized');
    // The feature's own hook runs on its routes, even on an answer another hook gave.
    expect(response.headers.get(PROBE_HEADER)).toBe('yes');
  });

  it('sees the session hook’s principal and is recorded by the audit hook', async () => {
    const response = await app.request('/api/probe/principal', { cookie });
    expect(response.status).toBe(200);
    const { userId } = (await response.json()) as { userId: string | null };
    expect(userId).toMatch(/^[0-9a-f-]{36}$/);
    const entries = await app.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.target, 'GET /api/probe/principal'), eq(auditLog.action, 'export.downloaded')));
    expect(entries).toEqual([{ action: 'export.downloaded', actor: userId }]);
  });

  it("keeps the feature's own hook out of every other feature's routes", async () => {
    const other = await app.request('/api/public/health');
    expect(other.status).toBe(200);
    expect(other.headers.get(PROBE_HEADER)).toBeNull();
    const notFound = await app.request('/api/probe/nothing-here');
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get(PROBE_HEADER)).toBeNull();
  });
});

describe('the start refuses a feature route without an access rule', () => {
  it('names the route', async () => {
    const careless: FeaturePlugin = {
      name: 'careless',
      routes: async (app) => {
        app.get('/api/careless', async () => ({ ok: true }));
      },
    };
    const database = await createMigratedTestDatabase();
    try {
      await expect(startTestApp({}, { features: [...features, careless], database })).rejects.toThrow(
        'GET /api/careless declares no access',
      );
    } finally {
      await database.drop();
    }
  });
});

describe('the worker process takes the jobs without the routes', () => {
  it('claims the listed features’ job types and never registers a route', async () => {
    const database = await createMigratedTestDatabase();
    if (!database.url) {
      await database.drop();
      return; // `upside worker` needs PostgreSQL (the embedded database is open in one process at a time)
    }
    const jobsOnly: FeaturePlugin = {
      name: 'jobs-only',
      routes: async () => {
        throw new Error('the worker built the routes');
      },
      jobs: {
        handlers: [handleJob(catalogue.fetchExchangeRates, async () => undefined)],
        schedules: [],
      },
    };
    const worker = await startWorker({
      env: loadEnv({
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        LOG_LEVEL: 'warn',
        PUBLIC_URL: 'http://localhost:1',
      }),
      ephemeralSecrets: true,
      features: [jobsOnly],
    });
    try {
      expect(worker.deps.jobs.handlers.map((handler) => handler.type)).toEqual([
        catalogue.fetchExchangeRates.type,
      ]);
    } finally {
      await worker.close();
      await database.drop();
    }
  });
});
