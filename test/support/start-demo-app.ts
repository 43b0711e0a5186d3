import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type DemoEmulators,
  type StartDemoEmulatorsOptions,
  startDemoEmulators,
} from '../../src/demo/start-demo-emulators.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { startTestApp, type TestApp } from './start-app.ts';

export interface DemoTestApp extends TestApp {
  demo: DemoEmulators;
}

/**
 * The Shopify emulator's cost bucket in tests that do not test throttling: a store that is never
 * throttled. Under the emulator's default (Shopify's standard 2,000 points restored at 100 a
 * second) a small store's sync spent 28 of its 31 s waiting for the bucket to refill before its
 * refund-detail queries, in every file that connects the demo store. Throttling keeps its own
 * tests (shopify-connector, and the files that pass a bucket); `npm start`'s demo keeps the default.
 * Files that start the emulators themselves pass it too.
 */
export const UNTHROTTLED_BUCKET = { maximumAvailable: 1_000_000, restoreRate: 1_000_000 };

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
    shopifyBucket: store.shopifyBucket ?? UNTHROTTLED_BUCKET,
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
export async function startConnectedDemoApp(
  seed = 7,
  envOverrides: Record<string, string> = {},
): Promise<{ app: DemoTestApp; owner: string; workspaceId: string }> {
  const app = await startDemoTestApp(envOverrides, { seed });
  const owner = await app.signIn('owner@example.com', 'Olive');
  const connected = await app.request('/api/demo/connect', { method: 'POST', cookie: owner });
  if (connected.status !== 200) throw new Error(`demo connect answered ${connected.status}`);
  await runJobsUntilIdle(app.server.deps);
  const [shop] = await queryRows(
    app.db,
    z.object({ workspace_id: z.string() }),
    sql`SELECT workspace_id FROM wh_shops`,
  );
  if (!shop) throw new Error('the demo store did not sync');
  return { app, owner, workspaceId: shop.workspace_id };
}
