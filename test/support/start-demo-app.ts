import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { adoptDemoServiceAccountKeys } from '../../src/demo/credentials.ts';
import type { PresetName } from '../../src/demo/model-terms.ts';
import {
  type DemoEmulators,
  type StartDemoEmulatorsOptions,
  startDemoEmulators,
} from '../../src/demo/start-demo-emulators.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { catalogue, SYNC_JOBS } from '../../src/server/jobs/catalogue.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { sessionSetCookie } from './sign-in-by-cookie.ts';
import { signInThroughDevProvider, startTestApp, type TestApp } from './start-app.ts';
import {
  buildTemplateOnce,
  createTestDatabase,
  migratedTemplate,
  type TestDatabase,
} from './test-database.ts';
import { currentTestRun, keyringEnv, type TestRun } from './test-run.ts';

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
 * server exactly as `upside start` does, on a fresh test database (or `options.database`, which
 * close drops). `close` stops both. Under vitest the demo's GA4 service account uses the run's key
 * pair, so a key stored in a connected-demo template opens this process's emulator.
 */
export async function startDemoTestApp(
  envOverrides: Record<string, string> = {},
  store: Pick<
    StartDemoEmulatorsOptions,
    'preset' | 'seed' | 'shopifyBucket' | 'secondStore' | 'ga4Currency' | 'customers' | 'days'
  > = {},
  options: { database?: TestDatabase } = {},
): Promise<DemoTestApp> {
  const run = currentTestRun();
  if (run) adoptDemoServiceAccountKeys(run.ga4Keys);
  const demo = await startDemoEmulators({
    preset: store.preset ?? 'small',
    seed: store.seed ?? 42,
    shopifyBucket: store.shopifyBucket ?? UNTHROTTLED_BUCKET,
    secondStore: store.secondStore,
    ga4Currency: store.ga4Currency,
    customers: store.customers,
    days: store.days,
  });
  const app = await startTestApp(envOverrides, { demo, database: options.database });
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
 * What a connected-demo template holds besides the store. `storefront: false` connects the demo
 * without its storefront's tracker history and pixel checkouts (the `record-demo-storefront` job
 * the connect queues is dropped before the jobs run, so neither it nor the Google Ads sync and
 * analysis it queues after itself run): a `-bare` template, for files that read no journey
 * (decision 211). Its analysis ran once, on the orders, ad spend and GA4 alone.
 */
export interface ConnectedDemoOptions extends Pick<StartDemoEmulatorsOptions, 'secondStore'> {
  storefront?: boolean;
  /**
   * `false`: the connect runs the sources' sync jobs alone and drops every job they leave queued
   * (the analysis, its alert evaluation and notifications): a `-synced` template, for files that
   * read the synced warehouse and no analysis (decision 235).
   */
  analysis?: boolean;
}

/**
 * The demo app with the demo store connected by its owner (owner@example.com) and every job run:
 * synced and analysed, as after "Connect demo store". Answers the app and the owner's cookie.
 *
 * Under vitest the connected store is built once per run and seed (decision 092): the first file
 * that asks connects the demo on a template database with the run's fixed keyring; every file then
 * starts on its own copy of it, with emulators of its own (the server finds the demo's upstreams by
 * identity, not by the stored URLs of the template's emulators) and the owner's session from the
 * template. `options.secondStore` adds what the demo connect leaves alone (a second store, which
 * the owner adds later): this file's emulators serve it, the template is the seed's own (decision
 * 205). `options.storefront: false` starts on the seed's `-bare` template (above).
 */
export async function startConnectedDemoApp(
  seed = 7,
  envOverrides: Record<string, string> = {},
  preset: PresetName = 'small',
  options: ConnectedDemoOptions = {},
): Promise<{ app: DemoTestApp; owner: string; ownerSetCookie: string; workspaceId: string }> {
  const run = currentTestRun();
  const { storefront = true, analysis = true, ...emulators } = options;
  const jobs = { storefront, analysis };
  const store = connectedStore(seed, preset);
  if (!run) {
    const app = await startDemoTestApp(envOverrides, { ...store, ...emulators });
    return connectDemoStore(app, jobs);
  }
  const template = await connectedDemoTemplate(run, store, jobs);
  const database = await createTestDatabase({ template });
  const app = await startDemoTestApp(
    { ...keyringEnv(run), ...envOverrides },
    { ...store, ...emulators },
    { database },
  );
  return { app, ...template.data };
}

/**
 * A copy of the run's connected demo store of `seed` (small preset) as a database alone, without
 * the app and emulators `startConnectedDemoApp` starts: for files that read the synced warehouse
 * and call the server's functions themselves. Under vitest only (the template is the run's).
 */
export async function createConnectedDemoDatabase(
  seed = 7,
): Promise<{ database: TestDatabase; owner: string; workspaceId: string }> {
  const run = currentTestRun();
  if (!run) throw new Error('createConnectedDemoDatabase reads the run’s template: run it under vitest');
  const template = await connectedDemoTemplate(run, connectedStore(seed, 'small'), ALL_JOBS);
  return { database: await createTestDatabase({ template }), ...template.data };
}

/**
 * The size of the connected demo store on PGlite (decision 228): the `pglite` project's three demo
 * files check the figures PGlite's SQL gives against the generated store's own truth, which holds
 * for any size, so its template is seed 7 cut to 1,000 customers over 120 days rather than the
 * `small` preset's 2,000 over 365. Connecting, syncing and analysing it on PGlite is the same code
 * and SQL (every Shopify query still pages); the `main` project keeps the full store on PostgreSQL.
 */
const PGLITE_DEMO_SIZE = { customers: 1_000, days: 120 } as const;

/** The store a connected-demo file starts on: `PGLITE_DEMO_SIZE` in the `pglite` project. */
function connectedStore(seed: number, preset: PresetName): ConnectedStore {
  return process.env.TEST_DATABASE === 'pglite' ? { seed, preset, ...PGLITE_DEMO_SIZE } : { seed, preset };
}

type ConnectedStore = Pick<StartDemoEmulatorsOptions, 'customers' | 'days'> & {
  seed: number;
  preset: PresetName;
};

/** Which of the jobs a demo connect queues run on a connected-demo template. */
type ConnectJobs = Required<Pick<ConnectedDemoOptions, 'storefront' | 'analysis'>>;
const ALL_JOBS: ConnectJobs = { storefront: true, analysis: true };

/** The run's connected-demo template of this store, built once (decision 092). */
async function connectedDemoTemplate(run: TestRun, store: ConnectedStore, jobs: ConnectJobs) {
  const { seed, preset, customers, days } = store;
  const size = customers === undefined ? '' : `-c${customers}-d${days}`;
  const key = preset === 'small' ? `demo-seed-${seed}${size}` : `demo-${preset}-seed-${seed}${size}`;
  return buildTemplateOnce(
    run,
    `${key}${jobs.storefront ? '' : '-bare'}${jobs.analysis ? '' : '-synced'}`,
    await migratedTemplate(run),
    async (_, database) => {
      const app = await startDemoTestApp(keyringEnv(run), store, { database });
      const connected = await connectDemoStore(app, jobs);
      await connected.app.close();
      const { owner, ownerSetCookie, workspaceId } = connected;
      return { owner, ownerSetCookie, workspaceId };
    },
  );
}

/**
 * Drops the queued `record-demo-storefront` job after a demo connect: the storefront's tracker
 * history (~80,000 events) and the second analysis it queues, for files that read neither (the
 * `-bare` templates, decisions 211 and 230).
 */
export async function dropDemoStorefrontJob(app: Pick<DemoTestApp, 'db'>): Promise<void> {
  await app.db.execute(sql`DELETE FROM jobs WHERE type = ${catalogue.recordDemoStorefront.type}`);
}

/**
 * The owner signs in, connects the demo store, and every queued job runs (sync, then analysis;
 * the storefront's history unless `storefront` is false). Without `analysis`, the sync jobs alone
 * run and every job left queued is dropped.
 */
async function connectDemoStore(
  app: DemoTestApp,
  jobs: ConnectJobs,
): Promise<{ app: DemoTestApp; owner: string; ownerSetCookie: string; workspaceId: string }> {
  try {
    // The session's Set-Cookie line is kept: a browser takes the cookie with its attributes.
    const setCookies: string[] = [];
    const owner = await signInThroughDevProvider(app.baseUrl, 'owner@example.com', 'Olive', { setCookies });
    const ownerSetCookie = sessionSetCookie(setCookies);
    const connected = await app.request('/api/demo/connect', { method: 'POST', cookie: owner });
    if (connected.status !== 200) throw new Error(`demo connect answered ${connected.status}`);
    if (!jobs.storefront) await dropDemoStorefrontJob(app);
    if (jobs.analysis) await runJobsUntilIdle(app.server.deps);
    else {
      await runJobsUntilIdle(app.server.deps, { only: Object.values(SYNC_JOBS) });
      await app.db.execute(sql`DELETE FROM jobs WHERE status = 'pending'`);
    }
    const [shop] = await queryRows(
      app.db,
      z.object({ workspace_id: z.string() }),
      sql`SELECT workspace_id FROM wh_shops`,
    );
    if (!shop) throw new Error('the demo store did not sync');
    return { app, owner, ownerSetCookie, workspaceId: shop.workspace_id };
  } catch (error) {
    await app.close();
    throw error;
  }
}
