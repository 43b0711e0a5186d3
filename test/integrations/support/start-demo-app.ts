import { type DemoEmulators, startDemoEmulators } from '../../../src/demo/start-demo-emulators.ts';
import { loadEnv } from '../../../src/server/env.ts';
import { startServer } from '../../../src/server/main.ts';
import { signInThroughDevProvider, type TestApp } from '../../support/start-app.ts';
import { createTestDatabase } from '../../support/test-database.ts';

export interface DemoTestApp extends TestApp {
  demo: DemoEmulators;
}

/**
 * The real server in demo mode: the three emulators over a small seeded store, passed in as
 * `deps.demo` exactly as `upside start` does, on a fresh test database.
 */
export async function startDemoTestApp(envOverrides: Record<string, string> = {}): Promise<DemoTestApp> {
  const demo = await startDemoEmulators({ preset: 'small', seed: 42 });
  const testDatabase = await createTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    DEMO: '1',
    ...envOverrides,
  });
  const server = await startServer({ env, database: testDatabase.database, ephemeralSecrets: true, demo });
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
    demo,
    request,
    signIn: (email, firstName) => signInThroughDevProvider(baseUrl, email, firstName),
    async close() {
      await server.close();
      await demo.close();
      await testDatabase.drop();
    },
  };
}
