import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';

const BeforeRow = z.object({ count: z.number() });

const AfterRow = z.object({ count: z.number() });

const WorkspaceRow = z.object({ email: z.string(), workspaces: z.number() });

describe('HTTP foundation: errors, sessions and public probes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers an unknown /api path with a 404 JSON envelope', async () => {
    const response = await app.request('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({
      message: 'No such endpoint: GET /api/does-not-exist',
      code: 'not_found',
    });
  });

  it('answers a private endpoint without a session, or with an unknown one, with 401 JSON', async () => {
    for (const cookie of [undefined, 'upside_session=forged-token']) {
      const response = await app.request('/api/auth/user', cookie ? { cookie } : {});
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('rejects malformed JSON with 400 and an over-long body with 413', async () => {
    const malformed = await app.request('/api/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken": ',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      message: 'The request body is not valid JSON.',
      code: 'invalid_json',
    });

    const tooLong = await app.request('/api/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(tooLong.status).toBe(413);
    expect(await tooLong.json()).toMatchObject({ code: 'body_too_large' });
  });

  it('refuses a state-changing request from another origin', async () => {
    const response = await app.request('/api/logout', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'cross_site_request' });
    // No Origin but a foreign Referer: refused too (issue #36); our own Referer passes.
    const raw = (headers: Record<string, string>) =>
      fetch(`${app.baseUrl}/api/logout`, { method: 'POST', headers, redirect: 'manual' });
    const foreign = await raw({ referer: 'https://evil.example/page' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ code: 'cross_site_request' });
    expect((await raw({ referer: `${app.baseUrl}/dashboard` })).status).toBe(302);
  });

  it('rejects a sign-in callback whose state does not match, and creates no session', async () => {
    const before = await queryRows(app.db, BeforeRow, sql`SELECT count(*)::int AS count FROM sessions`);
    const login = await app.request('/api/login');
    const loginCookie = login.headers
      .getSetCookie()
      .find((line) => line.startsWith('upside_login='))
      ?.split(';')[0];
    expect(loginCookie).toBeDefined();
    const wrongState = await app.request('/api/callback?code=abc&state=not-the-state', {
      cookie: loginCookie,
    });
    expect(wrongState.status).toBe(400);
    expect(await wrongState.json()).toMatchObject({ code: 'invalid_state' });
    const withoutCookie = await app.request('/api/callback?code=abc&state=whatever');
    expect(withoutCookie.status).toBe(400);
    expect(wrongState.headers.getSetCookie().some((line) => line.startsWith('upside_session='))).toBe(false);
    const after = await queryRows(app.db, AfterRow, sql`SELECT count(*)::int AS count FROM sessions`);
    expect(after[0]?.count).toBe(before[0]?.count);
  });

  it('gives two users two workspaces, rotates the session at sign-in and ends it at logout', async () => {
    const first = await app.signIn('grace@example.com', 'Grace');
    const again = await app.signIn('grace@example.com', 'Grace H');
    expect(again).not.toBe(first);
    const other = await app.signIn('alan@example.com', 'Alan');
    const users = await Promise.all(
      [again, other].map(async (cookie) => (await app.request('/api/auth/user', { cookie })).json()),
    );
    expect(users.map((user) => user.firstName)).toEqual(['Grace H', 'Alan']);
    const workspaces = await queryRows(
      app.db,
      WorkspaceRow,
      sql`SELECT u.email, count(w.id)::int AS workspaces FROM users u
          JOIN team_members m ON m.user_id = u.id JOIN workspaces w ON w.team_id = m.team_id
          GROUP BY u.email ORDER BY u.email`,
    );
    expect(workspaces.filter((row) => row.email !== 'ada@example.com')).toEqual([
      { email: 'alan@example.com', workspaces: 1 },
      { email: 'grace@example.com', workspaces: 1 },
    ]);

    // Logout is a POST only (issue #36): a GET (a link, an image on another site) signs no one out.
    expect((await app.request('/api/logout', { cookie: other })).status).toBe(404);
    expect((await app.request('/api/auth/user', { cookie: other })).status).toBe(200);
    const logout = await app.request('/api/logout', { method: 'POST', cookie: other });
    expect(logout.status).toBe(302);
    expect((await app.request('/api/auth/user', { cookie: other })).status).toBe(401);
  });

  it('serves the four public probes with every field of the spec and no secret', async () => {
    for (const service of ['health', 'basic-stats', 'config', 'sample-data']) {
      const response = await app.request(`/api/public/${service}`);
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(Object.keys(body).sort()).toEqual(
        [
          'config',
          'data',
          'endpoints',
          'environment',
          'message',
          'note',
          'status',
          'timestamp',
          'uptime',
        ].sort(),
      );
      const text = JSON.stringify(body);
      expect(text).not.toContain(app.server.deps.secrets.sessionSecret);
      expect(text).not.toContain(app.server.deps.secrets.encryptionKey.toString('base64'));
    }
    const health = await (await app.request('/api/public/health')).json();
    expect(health.data.database).toBe('connected');
  });

  it('sends a CSP that allows only our own origin', async () => {
    const response = await app.request('/api/public/health');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
