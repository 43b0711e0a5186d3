import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoEmulators, startDemoEmulators } from '../../src/demo/start-demo-emulators.ts';
import { resetSyncTuning, tuneSync } from '../../src/server/features/warehouse-sync/sync-tuning.ts';
import type { AppDeps } from '../../src/server/http/deps.ts';
import { catalogue } from '../../src/server/jobs/catalogue.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { integrationContextOf } from '../../src/server/platform/integrations/integration-context.ts';
import type { CredentialsStatus } from '../../src/shared/contracts/credentials.ts';
import type { ShopifyScopesResponse } from '../../src/shared/contracts/shopify.ts';
import type { SyncSourceStatus, SyncStatusResponse } from '../../src/shared/contracts/sync.ts';
import { DATA_TOPICS } from '../../src/shared/contracts/webhooks.ts';
import { SHOPIFY_SCOPES } from '../../src/shared/shopify-scopes.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { UNTHROTTLED_BUCKET } from '../support/start-demo-app.ts';

/**
 * Connection truth over real HTTP: the status badges (/api/credentials/status) and the
 * data-freshness panel (/api/sync/status) say "connected" only while the latest connection test
 * or sync succeeded and syncs keep to the schedule. Failures come from the emulators' fault knobs;
 * the connectors reach them over HTTP exactly as the real vendors. Shopify's 2026 app model: a
 * Dev Dashboard app's client credentials, its granted scopes (a missing one keeps the connection
 * but needs attention, naming it), webhook subscriptions it registers and removes itself, and
 * wrong credentials that never replace a working connection.
 */
let demo: DemoEmulators;
let app: TestApp;
let cookie: string;
let now = new Date('2026-11-01T12:00:00Z');
const shopifyAndGa4 = [catalogue.syncShopify, catalogue.syncGa4];
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
    const outcomes = await runJobsUntilIdle(app.server.deps, { only: shopifyAndGa4 });
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
      const outcomes = await runJobsUntilIdle(app.server.deps, { only: shopifyAndGa4 });
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
        last = (await runJobsUntilIdle(app.server.deps, { only: shopifyAndGa4 }))[0]?.status ?? 'none';
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
    expect((await runJobsUntilIdle(app.server.deps, { only: shopifyAndGa4 })).map((o) => o.status)).toEqual([
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
      (await runJobsUntilIdle(app.server.deps, { only: [catalogue.syncGa4] })).map((o) => o.status),
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

describe('a Shopify Dev Dashboard app', () => {
  const shopify = () => demo.emulators.shopify;
  const scopes = async () => {
    const res = await app.request('/api/shopify/scopes', { cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as ShopifyScopesResponse;
  };
  const view = async () =>
    (await (await app.request('/api/credentials/shopify', { cookie })).json()) as Record<string, unknown>;

  it('never lets wrong credentials replace a working connection', async () => {
    const working = await view();
    expect(working).toMatchObject({ isValid: true });
    const wrong = await post('/api/credentials/shopify', {
      shopDomain: demo.credentials.shopify.shopDomain,
      accessToken: 'shpat_wrong-token-9999',
    });
    expect(wrong.status).toBe(200);
    const body = await wrong.json();
    expect(body).toMatchObject({ success: false, isValid: false });
    expect(body.message).toMatch(/not saved; the working connection to .* stays in place/);
    expect(await view()).toEqual(working);
  }, 60_000);

  it('connects with client credentials, names a missing scope, registers and removes its webhooks', async () => {
    expect((await app.request('/api/credentials/shopify', { method: 'DELETE', cookie })).status).toBe(200);
    const withoutHistory = SHOPIFY_SCOPES.map((n) => n.scope).filter((scope) => scope !== 'read_all_orders');
    shopify().accessScopes.set(withoutHistory);
    try {
      advance(1);
      const stored = await post('/api/credentials/shopify', {
        shopDomain: demo.credentials.shopify.shopDomain,
        apiKey: demo.credentials.shopify.apiKey,
        apiSecret: demo.credentials.shopify.apiSecret,
      });
      expect(await stored.json()).toMatchObject({ success: true, isValid: true });
      const stored1 = await view();
      expect(JSON.stringify(stored1)).not.toContain(demo.credentials.shopify.apiSecret);
      expect(stored1.api_secret).toMatch(/^•+.{4}$/);

      // The scope is missing: the connection stays, but needs attention and names it.
      const missing = await scopes();
      expect(missing.granted.sort()).toEqual([...withoutHistory].sort());
      expect(missing.missing).toEqual([
        { scope: 'read_all_orders', effect: expect.stringMatching(/last 60 days/) },
      ]);
      expect(missing.orderHistory).toMatchObject({ fullHistory: false, days: 60 });
      const health = (await credentialsStatus()).health.shopify;
      expect(health.state).toBe('needs_attention');
      expect(health.reason).toMatch(/^The Shopify app lacks the read_all_orders scope: /);
      expect(health.fix).toMatch(/Dev Dashboard add read_all_orders/);
      expect((await credentialsStatus()).verified.shopify).toBe(true);

      // Webhooks: one subscription per data topic, to this server, seen by Shopify.
      advance(1);
      await runJobsUntilIdle(app.server.deps, { only: [catalogue.registerShopifyWebhooks] });
      expect(shopify().webhookSubscriptions.size).toBe(DATA_TOPICS.length);
      expect(shopify().webhookSubscriptions.callbacksFor('ORDERS_CREATE')).toEqual([
        `${app.baseUrl}/api/webhooks/shopify`,
      ]);

      // Granting read_all_orders: healthy again, and the orders backfill starts over.
      shopify().accessScopes.reset();
      advance(1);
      const full = await scopes();
      expect(full.missing).toEqual([]);
      expect(full.orderHistory.fullHistory).toBe(true);
      expect((await credentialsStatus()).health.shopify.state).toBe('connected');
      const cursor = await app.db.execute(
        sql`SELECT cursor -> 'orders' ->> 'phase' AS phase FROM sync_states WHERE source = 'shopify'`,
      );
      expect((cursor as unknown as { rows: { phase: string }[] }).rows.map((r) => r.phase)).toEqual(['bulk']);
    } finally {
      shopify().accessScopes.reset();
    }

    // Disconnecting removes the subscriptions from the store.
    expect((await app.request('/api/credentials/shopify', { method: 'DELETE', cookie })).status).toBe(200);
    expect(shopify().webhookSubscriptions.size).toBe(0);
    expect((await app.request('/api/shopify/scopes', { cookie })).status).toBe(400);
  }, 120_000);
});
