import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoEmulators, startDemoEmulators } from '../../src/demo/start-demo-emulators.ts';
import { integrationContextOf } from '../../src/server/features/connections/integration-context.ts';
import type { AppDeps } from '../../src/server/http/deps.ts';
import { SYNC_JOBS } from '../../src/server/jobs/definitions/sync-jobs.ts';
import { resetSyncTuning, tuneSync } from '../../src/server/jobs/sync/sync-tuning.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import type { CredentialsStatus } from '../../src/shared/contracts/credentials.ts';
import type { SyncSourceStatus, SyncStatusResponse } from '../../src/shared/contracts/sync.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { UNTHROTTLED_BUCKET } from '../support/start-demo-app.ts';

/**
 * Connection truth over real HTTP: the status badges (/api/credentials/status) and the
 * data-freshness panel (/api/sync/status) say "connected" only while the latest connection test
 * or sync succeeded and syncs keep to the schedule. Failures come from the emulators' fault knobs;
 * the connectors reach them over HTTP exactly as the real vendors.
 */
let demo: DemoEmulators;
let app: TestApp;
let cookie: string;
let now = new Date('2026-11-01T12:00:00Z');
// Through SYNC_JOBS: importing a sync job module first leaves SYNC_JOBS half-built (import circle).
const syncShopifyJob = SYNC_JOBS.shopify;
const syncGa4Job = SYNC_JOBS.ga4;
const definitions = [syncShopifyJob, syncGa4Job];
const INTERVAL_MINUTES = 15;

const post = (path: string, body: unknown = {}) =>
  app.request(path, {
    method: 'POST',
    cookie,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const credentialsStatus = async () =>
  (await (await app.request('/api/credentials/status', { cookie })).json()) as CredentialsStatus;
const freshness = async (source: 'shopify' | 'ga4'): Promise<SyncSourceStatus> => {
  const body = (await (await app.request('/api/sync/status', { cookie })).json()) as SyncStatusResponse;
  return body.sources.find((s) => s.source === source)!;
};
const advance = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
};

beforeAll(async () => {
  demo = await startDemoEmulators({
    preset: 'custom',
    seed: 7,
    customers: 200,
    days: 90,
    shopifyBucket: UNTHROTTLED_BUCKET,
  });
  app = await startTestApp({ SYNC_INTERVAL_MINUTES: String(INTERVAL_MINUTES) });
  const deps = app.server.deps as AppDeps;
  deps.demo = { baseUrls: demo.baseUrls, credentials: demo.credentials };
  deps.clock = () => now;
  deps.integration = integrationContextOf({ ...deps, tokens: deps.caches.upstreamTokens, demo: deps.demo });
  tuneSync({ retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 20 }, timeoutMs: 2_000 });
  cookie = await app.signIn('owner@example.com', 'Olivia');
}, 120_000);

afterAll(async () => {
  resetSyncTuning();
  await app?.close();
  await demo?.close();
});

describe('a source whose syncs fail', () => {
  it('is connected while its first sync is queued and after it succeeds', async () => {
    const stored = await post('/api/credentials/shopify', {
      shopDomain: demo.credentials.shopify.shopDomain,
      accessToken: demo.credentials.shopify.accessToken,
    });
    expect(stored.status).toBe(200);
    expect((await credentialsStatus()).health.shopify.state).toBe('connected');
    advance(1);
    const outcomes = await runJobsUntilIdle(app.server.deps, { definitions });
    expect(outcomes.map((o) => o.status)).toEqual(['succeeded']);
    expect(await freshness('shopify')).toMatchObject({
      state: 'succeeded',
      overdue: false,
      health: { state: 'connected', reason: null, fix: null },
    });
  }, 120_000);

  it('needs attention, with the reason and the fix, once a sync fails', async () => {
    demo.emulators.shopify.faults.set({ errorRate: 1 });
    try {
      advance(20);
      expect((await post('/api/sync/run')).status).toBe(202);
      const outcomes = await runJobsUntilIdle(app.server.deps, { definitions });
      expect(outcomes.map((o) => o.status)).toEqual(['pending']); // a retry waits with backoff
      const retrying = await freshness('shopify');
      expect(retrying.lastError).toEqual(expect.any(String));
      expect(retrying.health.state).toBe('needs_attention');
      expect(retrying.health.reason).toBe(`The last sync failed: ${retrying.lastError}`);
      expect(retrying.health.fix).toMatch(/retries automatically .*Shopify tab/);
      expect((await credentialsStatus()).health.shopify).toEqual(retrying.health);

      // The retries fail too, until the job is out of attempts.
      let last = 'pending';
      for (let attempt = 0; attempt < 10 && last === 'pending'; attempt += 1) {
        advance(60);
        last = (await runJobsUntilIdle(app.server.deps, { definitions }))[0]?.status ?? 'none';
      }
      expect(last).toBe('failed');
      const failed = await freshness('shopify');
      expect(failed).toMatchObject({ state: 'failed', running: false, queued: false });
      expect(failed.health.state).toBe('needs_attention');
      expect(failed.health.fix).toMatch(/^Press Sync now/);
    } finally {
      demo.emulators.shopify.faults.reset();
    }
  }, 120_000);

  it('is overdue when no sync succeeded for more than twice the schedule interval', async () => {
    advance(1);
    expect((await post('/api/sync/run')).status).toBe(202);
    expect((await runJobsUntilIdle(app.server.deps, { definitions })).map((o) => o.status)).toEqual([
      'succeeded',
    ]);
    expect((await freshness('shopify')).health.state).toBe('connected');
    advance(2 * INTERVAL_MINUTES + 1);
    const late = await freshness('shopify');
    expect(late).toMatchObject({ state: 'succeeded', overdue: true });
    expect(late.health.state).toBe('needs_attention');
    expect(late.health.reason).toBe(
      `No successful sync since ${2 * INTERVAL_MINUTES + 1} minutes ago; syncs are due every ${INTERVAL_MINUTES} minutes.`,
    );
    expect((await credentialsStatus()).health.shopify.state).toBe('needs_attention');
  }, 120_000);
});

describe('a source whose connection test fails after a good sync', () => {
  it('no longer says connected or up to date', async () => {
    const stored = await post('/api/credentials/google-analytics/simple-store', {
      property_id: demo.credentials.ga4.propertyId,
      service_account_json: demo.credentials.ga4.serviceAccountJson,
    });
    expect(stored.status).toBe(200);
    advance(1);
    expect(
      (await runJobsUntilIdle(app.server.deps, { definitions: [syncGa4Job] })).map((o) => o.status),
    ).toEqual(['succeeded']);
    expect((await freshness('ga4')).health.state).toBe('connected');

    demo.emulators.ga4.faults.set({ errorRate: 1 });
    try {
      advance(1);
      const test = await post('/api/credentials/google-analytics/test');
      expect(test.status).toBeGreaterThanOrEqual(500); // GA4 answers 503: the test fails
    } finally {
      demo.emulators.ga4.faults.reset();
    }
    const ga4 = await freshness('ga4');
    expect(ga4.state).toBe('succeeded'); // the last sync itself went well …
    expect(ga4.health.state).toBe('needs_attention'); // … but the newer test did not
    expect(ga4.health.reason).toMatch(/^The last connection test failed: /);
    expect(ga4.health.fix).toMatch(/GA4 tab/);
    const status = await credentialsStatus();
    expect(status.verified.ga4).toBe(false);
    expect(status.health.ga4).toEqual(ga4.health);
  }, 120_000);
});
