import {
  type DemoEmulators,
  type StartDemoEmulatorsOptions,
  startDemoEmulators,
} from '../../src/demo/start-demo-emulators.ts';
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
  store: Pick<StartDemoEmulatorsOptions, 'seed' | 'shopifyBucket'> = {},
): Promise<DemoTestApp> {
  const demo = await startDemoEmulators({
    preset: 'small',
    seed: store.seed ?? 42,
    shopifyBucket: store.shopifyBucket,
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
