import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/start-app.ts';

/**
 * The OpenAPI document (issue 18.2, decision 021) describes the app's real route table: a route
 * registered without being described fails here, and so does any call of the spec's §7 that the
 * server implements but the document leaves out.
 */

/** The calls of the product spec's §7 (method and path, as written there). */
const SPEC_CALLS = [
  'GET /api/auth/user',
  'GET /api/opportunities',
  'GET /api/opportunities/stats',
  'POST /api/opportunities/{id}/implement',
  'GET /api/analytics/revenue-forecast',
  'GET /api/analytics/customer-segments',
  'GET /api/analytics/cohort-retention',
  'GET /api/analytics/attribution',
  'GET /api/analytics/stock-impact',
  'GET /api/credentials/status',
  'GET /api/credentials/shopify',
  'POST /api/credentials/shopify',
  'DELETE /api/credentials/shopify',
  'GET /api/credentials/google-analytics/status',
  'POST /api/credentials/google-analytics/simple-store',
  'POST /api/credentials/google-analytics/test',
  'GET /api/analytics/ga/overview',
  'POST /api/credentials/meta',
  'GET /api/meta/debug-temp',
  'GET /api/meta/test-available-data',
  'GET /api/meta/spending/last-month',
  'GET /api/meta/test-connection',
  'GET /api/shopify/order/{orderName}',
  'POST /api/ga/analytics/overview',
  'POST /api/ga/analytics/pages',
  'POST /api/ga/analytics/traffic',
  'GET /api/ga/analytics/overview',
  'GET /api/ga/analytics/pages',
  'GET /api/ga/analytics/traffic',
  'GET /api/public/health',
  'GET /api/public/basic-stats',
  'GET /api/public/config',
  'GET /api/public/sample-data',
  'GET /api/cursor-tracking/statistics',
  'GET /api/cursor-tracking/clicks',
  'GET /api/cursor-tracking/heatmap',
  'POST /api/cursor-tracking/events',
  'GET /api/tracking-configurations',
  'POST /api/tracking-configurations',
  'PATCH /api/tracking-configurations/{id}',
  'DELETE /api/tracking-configurations/{id}',
];

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
}

let app: TestApp;
let document: OpenApiDocument;

/** Fastify's `/a/:id` as OpenAPI's `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
/** Paths compared without parameter names (the spec says {id} where a route says {opportunityId}). */
const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

const described = () =>
  new Set(
    Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${shape(path)}`),
    ),
  );

beforeAll(async () => {
  app = await startTestApp();
  const response = await app.request('/api/openapi.json');
  expect(response.status).toBe(200);
  document = (await response.json()) as OpenApiDocument;
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with the zod contracts as schemas', () => {
    expect(document.openapi).toBe('3.1.0');
    const list = document.paths['/api/customers']?.get;
    expect(list?.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'sort']),
    );
    expect(document.paths['/api/export/orders.csv']?.get?.parameters?.map((p) => p.name)).toEqual([
      'from',
      'to',
    ]);
  });

  it('describes every route the app registered, except the ones hidden on purpose', () => {
    const routes = app.server.app.routeTable.filter((route) => route.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(50);
    const listed = described();
    const missing = routes
      .filter((route) => !route.hidden)
      .map((route) => `${route.method} ${shape(openApiPath(route.url))}`)
      .filter((call) => !listed.has(call));
    expect(missing).toEqual([]);
    // Hiding is for the description itself, its reference page and the web app's static files.
    const hiddenApi = routes.filter((route) => route.hidden && route.url.startsWith('/api'));
    for (const route of hiddenApi) {
      expect(route.url === '/api/openapi.json' || route.url.startsWith('/api/docs'), route.url).toBe(true);
    }
  });

  it("lists every call of the spec's §7 that the server implements", () => {
    const implemented = new Set(
      app.server.app.routeTable.map((route) => `${route.method} ${shape(openApiPath(route.url))}`),
    );
    const listed = described();
    const calls = SPEC_CALLS.map((call) => {
      const [method, path] = call.split(' ') as [string, string];
      return `${method} ${shape(path)}`;
    });
    const served = calls.filter((call) => implemented.has(call));
    expect(served.length).toBeGreaterThan(calls.length / 2);
    expect(served.filter((call) => !listed.has(call))).toEqual([]);
  });

  it('lists the API tokens and exports, and serves a reference page from our own origin', async () => {
    const listed = described();
    for (const call of [
      'POST /api/tokens',
      'GET /api/tokens',
      'DELETE /api/tokens/{}',
      'GET /api/export/orders.csv',
    ]) {
      expect(listed, call).toContain(call);
    }
    const page = await app.request('/api/docs/');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    for (const src of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) {
      const asset = await app.request(new URL(src[1]!, `${app.baseUrl}/api/docs/`).pathname);
      expect(asset.status, src[1]).toBe(200);
    }
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});
