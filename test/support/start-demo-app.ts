import {
  type DemoEmulators,
  type StartDemoEmulatorsOptions,
  startDemoEmulators,
} from '../../src/demo/start-demo-emulators.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { startTestApp, type TestApp } from './start-app.ts';

export interface DemoTestApp extends TestApp {
  demo: DemoEmulators;
}

/**
 * The real server in demo mode: the three emulators over a small seeded store, handed to the
 * server exactly as `upside start` does, on a fresh test database. `close` stops both.
 */
export async function startDemoTestApp(
  envOverrides: Record<string, string> = {},
  store: Pick<StartDemoEmulatorsOptions, 'seed' | 'shopifyBucket' | 'secondStore' | 'ga4Currency'> = {},
): Promise<DemoTestApp> {
  const demo = await startDemoEmulators({
    preset: 'small',
    seed: store.seed ?? 42,
    shopifyBucket: store.shopifyBucket,
    secondStore: store.secondStore,
    ga4Currency: store.ga4Currency,
  });
  const app = await startTestApp(envOverrides, { demo });
  return {
    ...app,
    demo,
    async close() {
      await app.close();
      await demo.close();
    },
  };
}

/**
 * The demo app with the demo store connected by its owner (owner@example.com) and every job run:
 * synced and analysed, as after "Connect demo store". Answers the app and the owner's cookie.
 */
export async function startConnectedDemoApp(seed = 7): Promise<{ app: DemoTestApp; owner: string }> {
  const app = await startDemoTestApp({}, { seed });
  const owner = await app.signIn('owner@example.com', 'Olive');
  const connected = await app.request('/api/demo/connect', { method: 'POST', cookie: owner });
  if (connected.status !== 200) throw new Error(`demo connect answered ${connected.status}`);
  await runJobsUntilIdle(app.server.deps);
  return { app, owner };
}
