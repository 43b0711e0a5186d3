import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { credentials } from '../../src/server/db/schema/credentials.ts';
import { createCredential } from '../support/factories.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';

/**
 * Credential endpoints over real HTTP with the upstreams pointed at a closed local port, so
 * every connection test fails fast: validation texts (spec §5), "saved but connection test
 * failed" keeping the credentials flagged, masking, no plaintext in the table, tenant isolation.
 */
let app: TestApp;
let alice: string;
let bob: string;

beforeAll(async () => {
  app = await startTestApp({
    UPSTREAM_SHOPIFY_URL: 'http://127.0.0.1:1/store/{shop}',
    UPSTREAM_GA4_URL: 'http://127.0.0.1:1',
    UPSTREAM_META_URL: 'http://127.0.0.1:1',
  });
  alice = await app.signIn('alice@example.com', 'Alice');
  bob = await app.signIn('bob@example.com', 'Bob');
});
afterAll(async () => {
  await app?.close();
});

const json = (cookie: string, method: string, body: unknown) => ({
  method,
  cookie,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const QueryRow = z.record(z.string(), z.unknown());

const BobWorkspaceRow = z.object({ workspace_id: z.string() });

describe('credentials API', () => {
  it('requires sign-in', async () => {
    const res = await app.request('/api/credentials/status');
    expect(res.status).toBe(401);
  });

  it('starts with nothing connected', async () => {
    const res = await app.request('/api/credentials/status', { cookie: alice });
    expect(await res.json()).toEqual({
      shopify: false,
      ga4: false,
      meta: false,
      verified: { shopify: false, ga4: false, meta: false },
      health: {
        shopify: { state: 'not_connected', reason: null, fix: null },
        ga4: { state: 'not_connected', reason: null, fix: null },
        meta: { state: 'not_connected', reason: null, fix: null },
      },
    });
  });

  it('applies the spec §5 Shopify rules with their messages', async () => {
    let res = await app.request(
      '/api/credentials/shopify',
      json(alice, 'POST', { apiKey: ' ', apiSecret: 'x' }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Missing Information: Please provide either an access token OR both API key and API secret',
      code: 'missing_information',
    });
    res = await app.request(
      '/api/credentials/shopify',
      json(alice, 'POST', { apiKey: 'k', apiSecret: 's', shopDomain: '  ' }),
    );
    expect(await res.json()).toMatchObject({
      message: 'Missing Domain: Shop domain is required when using API key and secret',
    });
    res = await app.request('/api/credentials/shopify', json(alice, 'POST', { accessToken: 'x', extra: 1 }));
    expect(res.status).toBe(400);
    res = await app.request('/api/credentials/shopify', json(alice, 'POST', { accessToken: 42 }));
    expect(res.status).toBe(400);
    res = await app.request('/api/credentials/shopify', {
      method: 'POST',
      cookie: alice,
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('invalid_json');
    res = await app.request(
      '/api/credentials/shopify',
      json(alice, 'POST', { accessToken: 'x'.repeat(70_000), shopDomain: 'a.myshopify.com' }),
    );
    expect(res.status).toBe(413);
  });

  it('applies the spec §5 GA rules in order', async () => {
    const post = (body: unknown) =>
      app.request('/api/credentials/google-analytics/simple-store', json(alice, 'POST', body));
    expect((await (await post({ service_account_json: '{}' })).json()).message).toBe(
      'Missing Property ID: Please enter your GA4 Property ID',
    );
    expect((await (await post({ property_id: '123' })).json()).message).toBe(
      'Missing Service Account: Please paste your service account JSON',
    );
    expect((await (await post({ property_id: 'abc', service_account_json: '{}' })).json()).message).toBe(
      'Invalid Property ID: Property ID must be a numeric value',
    );
    const invalid = await post({ property_id: '123', service_account_json: '{"type":"service_account"}' });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).message).toBe(
      'Invalid Service Account JSON: Please provide a complete Google service account JSON file with client_email, private_key, project_id, and type fields',
    );
  });

  it('applies the spec §5 Meta rule', async () => {
    const res = await app.request(
      '/api/credentials/meta',
      json(alice, 'POST', { accessToken: 'EAAx', adAccountId: ' ' }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Missing Information: Please fill in all required fields');
  });

  it('keeps credentials whose connection test failed, flagged and masked, never in plaintext', async () => {
    const token = 'shpat_alice-secret-token-0001';
    const res = await app.request(
      '/api/credentials/shopify',
      json(alice, 'POST', { accessToken: token, shopDomain: 'alice-shop', apiKey: '', apiSecret: '' }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.isValid).toBe(false);
    expect(body.message).toMatch(/^Credentials saved but connection test failed: Could not reach Shopify/);

    const status = await (await app.request('/api/credentials/status', { cookie: alice })).json();
    expect(status).toMatchObject({ shopify: true, verified: { shopify: false } });

    const view = await app.request('/api/credentials/shopify', { cookie: alice });
    const viewText = await view.text();
    expect(viewText).not.toContain(token);
    expect(JSON.parse(viewText)).toMatchObject({
      shopDomain: 'alice-shop.myshopify.com',
      access_token: '••••••••0001',
      api_key: null,
      isValid: false,
    });

    const rows = await queryRows(app.db, QueryRow, sql`SELECT * FROM credentials`);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain('alice-secret');
  }, 60_000);

  it('does not show one workspace the other workspace’s credentials', async () => {
    const status = await (await app.request('/api/credentials/status', { cookie: bob })).json();
    expect(status.shopify).toBe(false);
    expect((await app.request('/api/credentials/shopify', { cookie: bob })).status).toBe(404);
    const order = await app.request('/api/shopify/order/1001', { cookie: bob });
    expect(order.status).toBe(400);
    expect((await order.json()).code).toBe('shopify_not_connected');
    expect((await app.request('/api/ga/analytics/overview', { cookie: bob })).status).toBe(400);
    expect((await app.request('/api/meta/spending/last-month', { cookie: bob })).status).toBe(400);
    // Bob removing "his" Shopify credentials must not touch Alice's.
    await app.request('/api/credentials/shopify', { method: 'DELETE', cookie: bob });
    expect((await (await app.request('/api/credentials/status', { cookie: alice })).json()).shopify).toBe(
      true,
    );
  });

  it('a record copied to another workspace fails to decrypt', async () => {
    const [bobWorkspace] = await queryRows(
      app.db,
      BobWorkspaceRow,
      sql`SELECT w.id AS workspace_id FROM workspaces w JOIN team_members m ON m.team_id = w.team_id JOIN users u ON u.id = m.user_id WHERE u.email = 'bob@example.com'`,
    );
    const [alices] = await app.db
      .select()
      .from(credentials)
      .where(
        and(eq(credentials.provider, 'shopify'), ne(credentials.workspaceId, bobWorkspace!.workspace_id)),
      );
    const { id: _id, workspaceId: _workspaceId, ...record } = alices!;
    await createCredential(app.db, { ...record, workspaceId: bobWorkspace!.workspace_id });
    const res = await app.request('/api/credentials/shopify', { cookie: bob });
    expect(res.status).toBe(500);
    expect((await res.json()).code).toBe('credentials_unreadable');
    await app.request('/api/credentials/shopify', { method: 'DELETE', cookie: bob });
  });

  it('removes Shopify credentials', async () => {
    const res = await app.request('/api/credentials/shopify', { method: 'DELETE', cookie: alice });
    expect(await res.json()).toEqual({
      success: true,
      message: 'Shopify credentials have been securely removed',
    });
    expect((await (await app.request('/api/credentials/status', { cookie: alice })).json()).shopify).toBe(
      false,
    );
  });

  it('hides demo endpoints when demo mode is off', async () => {
    expect((await app.request('/api/demo/credentials', { cookie: alice })).status).toBe(404);
    expect((await app.request('/api/demo/connect', { method: 'POST', cookie: alice })).status).toBe(404);
  });
});
