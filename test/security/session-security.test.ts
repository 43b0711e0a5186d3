import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDevIdentityProvider,
  DEV_CLIENT_ID,
} from '../../src/server/features/auth/oidc/dev-identity-provider.ts';
import { DEV_PROVIDER_PATH } from '../../src/server/http/auth.ts';
import { freePort } from '../support/free-port.ts';
import { signInThroughDevProvider, startTestApp, type TestApp } from '../support/start-app.ts';
import { ensureWebBuild } from '../support/web-build.ts';

/**
 * Issue #19 item 6, the session and header basics: the app pages' Content-Security-Policy allows
 * no inline script (and the built pages need none), signing in rotates the session (the cookie the
 * browser had before is ended server-side), logging out ends the session server-side (the old
 * cookie gets 401, GET and POST alike), and in production (NODE_ENV=production, an external
 * OpenID Connect issuer) the session and sign-in cookies are HttpOnly, SameSite and Secure.
 */
const APP_PAGES = ['/', '/dashboard', '/profile', '/settings/costs'];

function directivesOf(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('sessions, cookies and the CSP', () => {
  let app: TestApp;
  beforeAll(async () => {
    await ensureWebBuild();
    app = await startTestApp();
  }, 600_000);
  afterAll(async () => {
    await app?.close();
  });

  it('sends a CSP without inline scripts on every app page, and the pages have none', async () => {
    for (const path of APP_PAGES) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/text\/html/);
      const directives = directivesOf(response.headers.get('content-security-policy') ?? '');
      const scripts = directives.get('script-src') ?? directives.get('default-src');
      expect(scripts, `${path} script-src`).toEqual(["'self'"]);
      expect(directives.get('object-src'), path).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(directives.get('base-uri'), path).toEqual(["'self'"]);
      // Every script of the page is a file of our origin: nothing the CSP would block.
      const html = await response.text();
      const scriptTags = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scriptTags.length, path).toBeGreaterThan(0);
      for (const [, attributes = '', body = ''] of scriptTags) {
        expect(attributes, `${path} script`).toMatch(/\bsrc="\/[^/]/);
        expect(body.trim(), `${path} inline script`).toBe('');
      }
      expect(html, path).not.toMatch(/\son[a-z]+="/i);
    }
    const built = await readFile(join(import.meta.dirname, '../../dist/web/index.html'), 'utf8');
    expect(built).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('rotates the session at sign-in: the cookie held before is ended server-side', async () => {
    const before = await app.signIn('rotor@example.com', 'Rita');
    expect((await app.request('/api/auth/user', { cookie: before })).status).toBe(200);
    // Signing in again in the same browser (the old cookie travels along) — same user or another.
    const after = await signInThroughDevProvider(app.baseUrl, 'rotor@example.com', 'Rita', {
      cookie: before,
    });
    expect(after).not.toBe(before);
    expect((await app.request('/api/auth/user', { cookie: before })).status).toBe(401);
    expect((await app.request('/api/auth/user', { cookie: after })).status).toBe(200);
    const other = await signInThroughDevProvider(app.baseUrl, 'someone@example.com', 'Sam', {
      cookie: after,
    });
    expect((await app.request('/api/auth/user', { cookie: after })).status).toBe(401);
    expect(await (await app.request('/api/auth/user', { cookie: other })).json()).toMatchObject({
      email: 'someone@example.com',
    });
  });

  it('ends the session server-side at logout (a POST only): the old cookie gets 401', async () => {
    for (const method of ['POST']) {
      const cookie = await app.signIn('leaver@example.com', 'Leo');
      const logout = await app.request('/api/logout', { method, cookie });
      expect(logout.status, method).toBe(302);
      expect(logout.headers.getSetCookie().join('\n'), method).toMatch(/upside_session=;/);
      // The browser could keep sending the old value: the server no longer knows it.
      const again = await app.request('/api/auth/user', { cookie });
      expect(again.status, method).toBe(401);
      expect(await again.json()).toMatchObject({ code: 'unauthorized' });
    }
  });
});

/** The development provider on its own origin, as an external issuer for a production app. */
async function startIssuer(appUrl: string): Promise<{ url: string; clientSecret: string; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = await createDevIdentityProvider(
    url,
    `${appUrl}/api/callback`,
    randomBytes(32).toString('hex'),
  );
  const readForm = async (request: IncomingMessage) => {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    return new URLSearchParams(body);
  };
  server.on('request', async (request, response) => {
    const path = request.url ?? '/';
    const interaction = new RegExp(`^${DEV_PROVIDER_PATH}/interaction/[\\w-]+(/login)?$`).exec(path);
    if (interaction && request.method === 'GET' && !interaction[1])
      await provider.renderSignIn(request, response);
    else if (interaction && request.method === 'POST') {
      const form = await readForm(request);
      await provider.finishSignIn(request, response, {
        email: form.get('email') ?? '',
        firstName: form.get('firstName') ?? '',
      });
    } else provider.handle(request, response);
  });
  return { url: `${url}${DEV_PROVIDER_PATH}`, clientSecret: provider.clientSecret, server };
}

describe('cookies in production', () => {
  let app: TestApp;
  let issuer: Awaited<ReturnType<typeof startIssuer>>;
  beforeAll(async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    issuer = await startIssuer(publicUrl);
    app = await startTestApp({
      NODE_ENV: 'production',
      PORT: String(port),
      // Production behind a TLS-terminating proxy may still be reached on plain HTTP inside.
      PUBLIC_URL: publicUrl,
      // The test database is handed over directly; production only insists that one is named.
      DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://127.0.0.1/unused',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      OIDC_ISSUER: issuer.url,
      OIDC_CLIENT_ID: DEV_CLIENT_ID,
      OIDC_CLIENT_SECRET: issuer.clientSecret,
    });
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => issuer?.server.close(resolve));
  });

  it('sets the sign-in and session cookies HttpOnly, SameSite=Lax and Secure', async () => {
    const setCookies: string[] = [];
    const cookie = await signInThroughDevProvider(app.baseUrl, 'prod@example.com', 'Pat', { setCookies });
    expect((await app.request('/api/auth/user', { cookie })).status).toBe(200);
    const ours = setCookies.filter((line) => /^upside_(session|login)=[^;]/.test(line));
    expect(ours.map((line) => line.split('=')[0]).sort()).toEqual(['upside_login', 'upside_session']);
    for (const line of ours) {
      expect(line).toMatch(/;\s*HttpOnly/i);
      expect(line).toMatch(/;\s*SameSite=Lax/i);
      expect(line).toMatch(/;\s*Secure/i);
    }
  });
});
