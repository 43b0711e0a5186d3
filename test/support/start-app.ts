import { type Env, loadEnv } from '../../src/server/env.ts';
import type { DemoRuntime } from '../../src/server/http/demo-runtime.ts';
import type { FeaturePlugin } from '../../src/server/http/feature-plugin.ts';
import type { RunningServer } from '../../src/server/main.ts';
import { startServer } from '../../src/server/main.ts';
import { createMigratedTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp {
  baseUrl: string;
  server: RunningServer;
  db: RunningServer['deps']['db'];
  testDatabase: TestDatabase;
  /** Signs in through the real development OpenID Connect flow; returns the session Cookie header. */
  signIn(email: string, firstName: string): Promise<string>;
  /** fetch against the app with an optional session cookie, sending our own Origin on writes. */
  request(path: string, init?: RequestInit & { cookie?: string }): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Starts the real server on an ephemeral port with a fresh database (PGlite, or a new PostgreSQL
 * database when DATABASE_URL is set), copied from the run's migrated template (decision 092),
 * exactly as `upside start` composes it. Pass `demo` (from
 * `startDemoEmulators`) for demo mode; the caller closes the emulators. Pass `database` to start on
 * one the test prepared (the server migrates it to the newest schema; close drops it). Pass
 * `features` to serve another list than the build's (a probe beside them).
 */
export async function startTestApp(
  envOverrides: Record<string, string> = {},
  options: { demo?: DemoRuntime; database?: TestDatabase; features?: readonly FeaturePlugin[] } = {},
): Promise<TestApp> {
  const testDatabase = options.database ?? (await createMigratedTestDatabase());
  const env: Env = loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    DEMO: options.demo ? '1' : '0',
    ...envOverrides,
  });
  const server = await startServer({
    env,
    database: testDatabase.database,
    ephemeralSecrets: true,
    demo: options.demo,
    features: options.features,
  });
  const baseUrl = server.url;

  const request: TestApp['request'] = (path, init = {}) => {
    const { cookie, headers, ...rest } = init;
    const merged = new Headers(headers);
    if (cookie) merged.set('cookie', cookie);
    if (rest.method && rest.method !== 'GET' && !merged.has('origin')) merged.set('origin', baseUrl);
    return fetch(`${baseUrl}${path}`, { ...rest, headers: merged, redirect: 'manual' });
  };

  return {
    baseUrl,
    server,
    db: server.deps.db,
    testDatabase,
    request,
    signIn: (email, firstName) => signInThroughDevProvider(baseUrl, email, firstName),
    async close() {
      // A test that reads only a response's status leaves its body unread: the server cannot
      // finish writing a large one, the connection stays busy, and a graceful close waited ~70 s
      // for Node's timeouts (endpoint-caching: 79 s → 13 s). Nothing is in flight at this point.
      const closing = server.close();
      server.app.server.closeAllConnections();
      await closing;
      await testDatabase.drop();
    },
  };
}

/**
 * Follows the redirects of an OpenID Connect sign-in through the development provider's form like a
 * browser, with one cookie jar. The provider may be this app's own (`/oidc`) or one on another
 * origin (an app configured with OIDC_ISSUER): relative links resolve against the current page.
 * `cookie` starts the jar with cookies the browser already holds (e.g. an earlier session);
 * `setCookies` collects every Set-Cookie line the app and the provider sent. `userAgent` is sent as
 * the User-Agent (a session records its device's, shown on the profile; default: Node's).
 */
export async function signInThroughDevProvider(
  baseUrl: string,
  email: string,
  firstName: string,
  options: { cookie?: string; setCookies?: string[]; userAgent?: string } = {},
): Promise<string> {
  const jar = new Map<string, string>();
  for (const pair of options.cookie?.split(/;\s*/) ?? []) {
    const index = pair.indexOf('=');
    if (index > 0) jar.set(pair.slice(0, index), pair.slice(index + 1));
  }
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      options.setCookies?.push(line);
      const [pair] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
  };
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  let current = new URL(baseUrl);
  const go = async (url: string, init: RequestInit = {}) => {
    current = new URL(url, current);
    const response = await fetch(current, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: cookieHeader(),
        ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
      },
    });
    remember(response);
    return response;
  };

  let response = await go(new URL('/api/login', baseUrl).href);
  // Follow redirects until the provider shows its sign-in form.
  for (let hop = 0; hop < 10 && response.status >= 300 && response.status < 400; hop += 1) {
    response = await go(response.headers.get('location') ?? '/');
  }
  const html = await response.text();
  const action = /action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`sign-in form not found (status ${response.status}): ${html.slice(0, 200)}`);
  response = await go(action.replaceAll('&#47;', '/'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: current.origin },
    body: new URLSearchParams({ email, firstName }).toString(),
  });
  for (let hop = 0; hop < 10 && response.status >= 300 && response.status < 400; hop += 1) {
    const location = response.headers.get('location') ?? '/';
    const next = new URL(location, current);
    if (next.origin === new URL(baseUrl).origin && next.pathname === '/' && jar.has('upside_session')) break;
    response = await go(next.href);
  }
  const session = jar.get('upside_session');
  if (!session) throw new Error(`sign-in did not create a session (last status ${response.status})`);
  return `upside_session=${session}`;
}
