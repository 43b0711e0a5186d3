import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTokenList, CreatedApiToken } from '../../src/shared/contracts/api-tokens.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';

/**
 * Workspace API tokens over real HTTP (issue 18.3, decision 019): created on the profile's
 * endpoint and shown once, accepted as `Authorization: Bearer` on GETs only, refused with one
 * 401 when malformed, unknown, expired or revoked.
 */

let app: TestApp;
let owner: string;
let other: string;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function createToken(cookie: string, body: Record<string, unknown>): Promise<CreatedApiToken> {
  const response = await app.request('/api/tokens', {
    method: 'POST',
    cookie,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as CreatedApiToken;
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await app.signIn('owner@example.com', 'Olive');
  other = await app.signIn('other@example.com', 'Otto');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('API tokens', () => {
  it('creates a token shown once, listed by prefix and last use, scoped to the workspace', async () => {
    const created = await createToken(owner, { name: 'Metabase' });
    expect(created.token).toMatch(/^upside_[A-Za-z0-9_-]{43}$/);

    const before = (await (await app.request('/api/tokens', { cookie: owner })).json()) as ApiTokenList;
    const listed = before.tokens.find((token) => token.id === created.id);
    expect(listed).toMatchObject({ name: 'Metabase', storeId: null, lastUsedAt: null, expiresAt: null });
    expect(created.token.startsWith(listed!.prefix)).toBe(true);
    expect(JSON.stringify(before)).not.toContain(created.token);

    const usedFrom = app.server.deps.clock().getTime();
    const me = await app.request('/api/auth/user', { headers: bearer(created.token) });
    const usedTo = app.server.deps.clock().getTime();
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('owner@example.com');

    const after = (await (await app.request('/api/tokens', { cookie: owner })).json()) as ApiTokenList;
    const lastUsed = Date.parse(after.tokens.find((token) => token.id === created.id)?.lastUsedAt ?? '');
    expect(lastUsed).toBeGreaterThanOrEqual(usedFrom);
    expect(lastUsed).toBeLessThanOrEqual(usedTo);

    const others = (await (await app.request('/api/tokens', { cookie: other })).json()) as ApiTokenList;
    expect(others.tokens.map((token) => token.id)).not.toContain(created.id);
  });

  it('answers 200 to GETs and 403 to every write made with a token', async () => {
    const { id, token } = await createToken(owner, { name: 'script' });
    // /api/profit reads its own session with its data (config.readsOwnSession): a token works there too.
    for (const path of [
      '/api/tokens',
      '/api/credentials/status',
      '/api/tracking-configurations',
      '/api/profit?from=2026-01-01&to=2026-01-31&granularity=day',
    ]) {
      expect((await app.request(path, { headers: bearer(token) })).status, path).toBe(200);
    }
    const writes: Array<[string, string]> = [
      ['POST', '/api/tokens'],
      ['POST', '/api/tracking-configurations'],
      ['PATCH', '/api/tracking-configurations/00000000-0000-4000-8000-000000000000'],
      ['DELETE', `/api/tokens/${id}`],
      ['DELETE', '/api/credentials/shopify'],
    ];
    for (const [method, path] of writes) {
      const response = await app.request(path, {
        method,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'x',
          websiteName: 'x',
          websiteUrl: 'https://example.com',
          isActive: false,
        }),
      });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(((await response.json()) as { code: string }).code).toBe('read_only_token');
    }
    // The refused DELETE changed nothing: the token still works.
    expect((await app.request('/api/tokens', { headers: bearer(token) })).status).toBe(200);
  });

  it('refuses malformed, unknown, expired and revoked tokens alike with 401', async () => {
    const revoked = await createToken(owner, { name: 'to revoke' });
    const now = app.server.deps.clock();
    const expiring = await createToken(owner, {
      name: 'short-lived',
      expiresAt: new Date(now.getTime() + 60 * 60 * 1000).toISOString(),
    });
    expect((await app.request('/api/tokens', { headers: bearer(expiring.token) })).status).toBe(200);

    const deleted = await app.request(`/api/tokens/${revoked.id}`, { method: 'DELETE', cookie: owner });
    expect(deleted.status).toBe(204);
    const clock = app.server.deps.clock;
    app.server.deps.clock = () => new Date(clock().getTime() + 2 * 60 * 60 * 1000);
    try {
      const candidates = {
        malformed: 'not-a-token',
        unknown: `upside_${'A'.repeat(43)}`,
        expired: expiring.token,
        revoked: revoked.token,
      };
      const bodies = new Set<string>();
      for (const [kind, token] of Object.entries(candidates)) {
        const response = await app.request('/api/credentials/status', { headers: bearer(token) });
        expect(response.status, kind).toBe(401);
        bodies.add(await response.text());
      }
      expect(bodies.size).toBe(1);
    } finally {
      app.server.deps.clock = clock;
    }
    const list = (await (await app.request('/api/tokens', { cookie: owner })).json()) as ApiTokenList;
    expect(list.tokens.map((token) => token.id)).not.toContain(revoked.id);
  });

  it('validates the name and expiry, and revokes only its own workspace’s tokens', async () => {
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(101) }, { name: 'x', expiresAt: 'tomorrow' }]) {
      const response = await app.request('/api/tokens', {
        method: 'POST',
        cookie: owner,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const past = await app.request('/api/tokens', {
      method: 'POST',
      cookie: owner,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', expiresAt: '2000-01-01T00:00:00Z' }),
    });
    expect(past.status).toBe(400);
    expect(await past.text()).toContain('expiresAt');

    const mine = await createToken(owner, { name: 'mine' });
    const foreign = await app.request(`/api/tokens/${mine.id}`, { method: 'DELETE', cookie: other });
    expect(foreign.status).toBe(404);
    expect((await app.request('/api/tokens', { headers: bearer(mine.token) })).status).toBe(200);
    expect((await app.request('/api/tokens')).status).toBe(401);
  });
});
