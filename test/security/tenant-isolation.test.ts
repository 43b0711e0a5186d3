import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApiRoutes } from '../support/route-table.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * Design §7: no endpoint reads or changes another workspace's data. The owner connects the demo
 * store, syncs, analyses and tracks a website; an outsider then calls every endpoint of the API,
 * with the owner's ids wherever a path takes one. Routes are read from Fastify's route table, so a
 * new GET endpoint is covered without touching this file; only public ones must be listed.
 */
type Access = 'public' | 'sign-in' | 'private';
const ROUTES: Record<string, Access> = {
  'GET /api/login': 'sign-in',
  'GET /api/callback': 'sign-in',
  'POST /api/logout': 'sign-in',
  // Built-in accounts (issue #38): setup, password sign-in and reset take no session.
  'GET /api/auth/methods': 'sign-in',
  'POST /api/auth/setup': 'sign-in',
  'POST /api/auth/password/login': 'sign-in',
  'POST /api/auth/password/reset': 'sign-in',
  'GET /api/auth/password/reset/:token': 'sign-in',
  'POST /api/auth/password/reset/:token': 'sign-in',
  'POST /api/invitations/:token/password': 'sign-in',
  'GET /api/public/health': 'public',
  'GET /api/public/basic-stats': 'public',
  'GET /api/public/config': 'public',
  'GET /api/public/sample-data': 'public',
  'POST /api/cursor-tracking/events': 'public',
  'OPTIONS /api/cursor-tracking/events': 'public',
  // The API description and its reference page (decision 021): no workspace data.
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/*': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  // One-click unsubscribe from a digest (issue #14): the signed link is the credential, no session.
  'GET /api/notifications/unsubscribe': 'public',
  'POST /api/notifications/unsubscribe': 'public',
  // Shopify's webhooks (issue #15): the HMAC over the body is the credential.
  'POST /api/webhooks/shopify': 'public',
};

const isPrivate = (route: string) => (ROUTES[route] ?? 'private') === 'private';

describe('tenant isolation across every endpoint', () => {
  let app: DemoTestApp;
  let owner: string;
  let outsider: string;
  const ownerIds: Record<string, string> = {};
  const ownerMarkers: string[] = [];

  beforeAll(async () => {
    ({ app, owner } = await startConnectedDemoApp(7));
    outsider = await app.signIn('outsider@example.com', 'Otto');
    const opportunities = (await (
      await app.request('/api/opportunities', { cookie: owner })
    ).json()) as Array<{
      id: string;
      title: string;
    }>;
    expect(opportunities.length).toBeGreaterThan(0);
    ownerIds.id = opportunities[0]?.id ?? '';
    ownerMarkers.push(...opportunities.slice(0, 5).map((opportunity) => opportunity.title));

    const site = await app.request('/api/tracking-configurations', {
      method: 'POST',
      cookie: owner,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ websiteName: 'Owner shop', websiteUrl: 'https://owner-shop.example' }),
    });
    expect(site.status).toBeLessThan(300);
    const config = (await site.json()) as { id: string; trackingId: string; apiKey: string };
    ownerMarkers.push(config.trackingId, config.apiKey, 'owner-shop.example');

    const order = (await (await app.request('/api/shopify/order/1001', { cookie: owner })).json()) as {
      found: boolean;
      order: { customer: { email: string } };
    };
    expect(order.found).toBe(true);
    ownerIds.orderName = '1001';
    ownerIds.id = ownerIds.id || config.id;
    ownerIds.trackingConfigId = config.id;
    // (The demo shop's domain is not a marker: demo mode offers its credentials to every user.)
    ownerMarkers.push(order.order.customer.email);
    // The owner's customers (names and e-mails of their shop) must stay in their workspace.
    const customers = (await (await app.request('/api/customers?pageSize=3', { cookie: owner })).json()) as {
      customers: Array<{ email: string | null }>;
    };
    expect(customers.customers).toHaveLength(3);
    ownerMarkers.push(...customers.customers.flatMap((customer) => (customer.email ? [customer.email] : [])));

    const insights = (await (await app.request('/api/insights', { cookie: owner })).json()) as {
      insights: Array<{ narrative: string }>;
    };
    ownerMarkers.push(...insights.insights.slice(0, 3).map((insight) => insight.narrative));
    const experiment = await app.request('/api/experiments', {
      method: 'POST',
      cookie: owner,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Owner checkout experiment',
        variants: [
          { name: 'Control', visitors: 500, conversions: 40, revenue: '0' },
          { name: 'Variant B', visitors: 500, conversions: 55, revenue: '0' },
        ],
      }),
    });
    expect(experiment.status).toBe(201);
    ownerIds.experimentId = ((await experiment.json()) as { id: string }).id;
    ownerMarkers.push('Owner checkout experiment');
    const products = (await (await app.request('/api/products/performance', { cookie: owner })).json()) as {
      products: Array<{ productId: string }>;
    };
    ownerIds.productId = products.products[0]?.productId ?? '';
    const ads = (await (await app.request('/api/creatives?period=30', { cookie: owner })).json()) as Array<{
      adId: string;
    }>;
    ownerIds.adId = ads[0]?.adId ?? '';
    // The owner's analysis runs (ids) and campaigns (ids) must stay in their workspace.
    const runs = (await (await app.request('/api/models/runs', { cookie: owner })).json()) as Array<{
      id: string;
    }>;
    const campaigns = (await (await app.request('/api/campaigns?period=90', { cookie: owner })).json()) as {
      campaigns: Array<{ campaignId: string }>;
    };
    expect(runs.length).toBeGreaterThan(0);
    expect(campaigns.campaigns.length).toBeGreaterThan(0);
    ownerMarkers.push(...runs.map((run) => run.id), ...campaigns.campaigns.map((c) => c.campaignId));
  }, 300_000);

  afterAll(async () => {
    await app?.close();
  });

  it('finds the public and sign-in routes; every other API route is treated as private and read below', () => {
    const routes = listApiRoutes(app.server.app.printRoutes({ commonPrefix: false }));
    expect(routes.length).toBeGreaterThan(30);
    for (const route of Object.keys(ROUTES)) expect(routes).toContain(route);
  });

  it("answers the outsider's reads without any of the owner's data", async () => {
    const reads = listApiRoutes(app.server.app.printRoutes({ commonPrefix: false })).filter(
      (route) => route.startsWith('GET ') && isPrivate(route),
    );
    for (const route of reads) {
      const path = route
        .slice(4)
        .replace(':orderName', ownerIds.orderName ?? '')
        .replace(':productId', ownerIds.productId ?? '')
        .replace(':adId', ownerIds.adId ?? '')
        .replace(':id', ownerIds.id ?? '');
      const response = await app.request(path, { cookie: outsider });
      const text = await response.text();
      expect(response.status, route).toBeLessThan(500);
      for (const marker of ownerMarkers) expect(text, `${route} leaks "${marker}"`).not.toContain(marker);
      // Without a session every private read is refused.
      expect((await app.request(path)).status, `${route} without a session`).toBe(401);
    }
  });

  it("cannot change the owner's opportunities, experiments, websites or credentials", async () => {
    const json = { 'content-type': 'application/json' };
    const implement = await app.request(`/api/opportunities/${ownerIds.id}/implement`, {
      method: 'POST',
      cookie: outsider,
    });
    expect(implement.status).toBe(404);
    const patch = await app.request(`/api/tracking-configurations/${ownerIds.trackingConfigId}`, {
      method: 'PATCH',
      cookie: outsider,
      headers: json,
      body: JSON.stringify({ isActive: false }),
    });
    expect(patch.status).toBe(404);
    const remove = await app.request(`/api/tracking-configurations/${ownerIds.trackingConfigId}`, {
      method: 'DELETE',
      cookie: outsider,
    });
    expect(remove.status).toBe(404);
    const experimentPath = `/api/experiments/${ownerIds.experimentId}`;
    expect((await app.request(experimentPath, { cookie: outsider })).status).toBe(404);
    const editExperiment = await app.request(experimentPath, {
      method: 'PUT',
      cookie: outsider,
      headers: json,
      body: JSON.stringify({
        name: 'Taken over',
        variants: [
          { name: 'A', visitors: 1, conversions: 0 },
          { name: 'B', visitors: 1, conversions: 0 },
        ],
      }),
    });
    expect(editExperiment.status).toBe(404);
    expect((await app.request(experimentPath, { method: 'DELETE', cookie: outsider })).status).toBe(404);
    for (const path of [
      '/api/credentials/shopify',
      '/api/credentials/google-analytics',
      '/api/credentials/meta',
    ]) {
      await app.request(path, { method: 'DELETE', cookie: outsider });
    }
    await app.request('/api/sync/run', { method: 'POST', cookie: outsider });
    await app.request('/api/analysis/run', { method: 'POST', cookie: outsider });

    const status = await (await app.request('/api/credentials/status', { cookie: owner })).json();
    expect(status).toMatchObject({ shopify: true, ga4: true, meta: true });
    const sites = (await (
      await app.request('/api/tracking-configurations', { cookie: owner })
    ).json()) as Array<{
      id: string;
      isActive: boolean;
    }>;
    // (The demo connection adds the demo storefront's own site beside it, issue 16.)
    expect(sites).toContainEqual(expect.objectContaining({ id: ownerIds.trackingConfigId, isActive: true }));
    const opportunities = (await (
      await app.request('/api/opportunities', { cookie: owner })
    ).json()) as Array<{
      id: string;
      status?: string;
    }>;
    expect(opportunities.some((opportunity) => opportunity.id === ownerIds.id)).toBe(true);
    const experiment = (await (await app.request(experimentPath, { cookie: owner })).json()) as {
      name: string;
    };
    expect(experiment.name).toBe('Owner checkout experiment');
  });
});
