import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createAppCaches } from './caches.ts';
import { type Database, type DatabaseTarget, openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { openReadReplica, primaryOnly, type ReadRouter } from './db/read-replica.ts';
import { setReadersFoldFirst } from './domain/tracking/fold-events.ts';
import { type Env, loadEnv } from './env.ts';
import { adPlatformsFeature } from './features/ad-platforms/plugin.ts';
import { adSpendFeature } from './features/ad-spend/plugin.ts';
import { alertsFeature } from './features/alerts/plugin.ts';
import { allStoresFeature } from './features/all-stores/plugin.ts';
import { analysisFeature } from './features/analysis/plugin.ts';
import { analyticsFeature } from './features/analytics/plugin.ts';
import { apiTokensFeature } from './features/api-tokens/plugin.ts';
import { askFeature } from './features/ask/plugin.ts';
import { auditLogFeature } from './features/audit-log/plugin.ts';
import { authFeature } from './features/auth/plugin.ts';
import { campaignsFeature } from './features/campaigns/plugin.ts';
import { connectionsFeature } from './features/connections/plugin.ts';
import { contributionFeature } from './features/contribution/plugin.ts';
import { costsFeature } from './features/costs/plugin.ts';
import { creativesFeature } from './features/creatives/plugin.ts';
import { customersFeature } from './features/customers/plugin.ts';
import { dashboardFeature } from './features/dashboard/plugin.ts';
import { demoFeature } from './features/demo/plugin.ts';
import { exchangeRatesFeature } from './features/exchange-rates/plugin.ts';
import { experimentsFeature } from './features/experiments/plugin.ts';
import { exportsFeature } from './features/exports/plugin.ts';
import { forecastClosuresFeature } from './features/forecast-closures/plugin.ts';
import { funnelsFeature } from './features/funnels/plugin.ts';
import { gaFeature } from './features/ga/plugin.ts';
import { insightsFeature } from './features/insights/plugin.ts';
import { journeysFeature } from './features/journeys/plugin.ts';
import { mcpFeature } from './features/mcp/plugin.ts';
import { measurementFeature } from './features/measurement/plugin.ts';
import { membersFeature } from './features/members/plugin.ts';
import { metaFeature } from './features/meta/plugin.ts';
import { modelsFeature } from './features/models/plugin.ts';
import { notificationsFeature } from './features/notifications/plugin.ts';
import { opportunitiesFeature } from './features/opportunities/plugin.ts';
import { ordersFeature } from './features/orders/plugin.ts';
import { productsFeature } from './features/products/plugin.ts';
import { profitFeature } from './features/profit/plugin.ts';
import { publicFeature } from './features/public/plugin.ts';
import { storesFeature } from './features/stores/plugin.ts';
import { syncFeature } from './features/sync/plugin.ts';
import { trackingFeature } from './features/tracking/plugin.ts';
import { warehouseSyncFeature } from './features/warehouse-sync/plugin.ts';
import { webhooksFeature } from './features/webhooks/plugin.ts';
import { buildApp } from './http/app.ts';
import type { DemoRuntime } from './http/demo-runtime.ts';
import type { AppDeps } from './http/deps.ts';
import { type FeaturePlugin, jobsOf } from './http/feature-plugin.ts';
import { startBackgroundJobs } from './jobs/start-background-jobs.ts';
import { createLogger } from './log.ts';
import { integrationContextOf } from './platform/integrations/integration-context.ts';
import { notificationDeliveryPlugin } from './platform/notifications/plugin.ts';
import { createAppResources } from './platform/resources/app-resources.ts';
import { resolveSecrets } from './secrets.ts';

export interface RunningServer {
  app: FastifyInstance;
  deps: AppDeps;
  url: string;
  close(): Promise<void>;
}

export function databaseTargetOf(env: Env): DatabaseTarget {
  return env.databaseUrl
    ? { kind: 'postgres', url: env.databaseUrl }
    : { kind: 'pglite', dataDir: join(env.dataDir, 'pglite') };
}

export interface StartServerOptions {
  env?: Env;
  /** A database the caller opened and closes; otherwise the env's, closed with the server. */
  database?: Database;
  ephemeralSecrets?: boolean;
  /** Job worker + scheduler in this process; default on, except under NODE_ENV=test where
   * tests drive jobs deterministically with `runJobsUntilIdle(deps)` (src/server/jobs/worker.ts). */
  backgroundJobs?: boolean;
  /** Demo mode: the emulators the CLI started (see src/cli/commands/start.ts). */
  demo?: DemoRuntime;
  /** The features served; default every feature of this build (`features`). */
  features?: readonly FeaturePlugin[];
}

/**
 * Composition root: env → database (migrated) → HTTP. Returns once listening. Tests call it with
 * an explicit env and database; `upside start` calls it with process.env.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const env = options.env ?? loadEnv();
  const database = options.database ?? (await openDatabase(databaseTargetOf(env)));
  try {
    return await serve(env, database, options);
  } catch (error) {
    // Nothing listens (a taken port, a failed migration): release the database, so the embedded
    // one is closed cleanly and its lock freed (decision 087).
    if (!options.database) await database.close();
    throw error;
  }
}

const { runAnalysisNow, runModelChecks, closeAbandonedRuns } = analysisFeature.provides;
const tracking = trackingFeature({ foldStoredFunnels: funnelsFeature.provides.foldStoredFunnels });

/**
 * The features this build serves (decision 190), each its folder's `plugin.ts`: its routes, in
 * this order (the routes' order is the API description's), its jobs and schedules (decision 180),
 * the tables it owns. A port one feature needs from another is wired here (decision 155). The web
 * tier registers the routes; the worker process (`startWorker`) takes only the jobs (`deps.jobs`),
 * claiming only these types: a contract without a handler here stays pending.
 */
export const features: readonly FeaturePlugin[] = [
  authFeature,
  publicFeature,
  opportunitiesFeature,
  analyticsFeature({ runAnalysisNow }),
  dashboardFeature,
  customersFeature,
  journeysFeature,
  funnelsFeature,
  connectionsFeature({ removeShopifySubscriptions: webhooksFeature.provides.removeShopifySubscriptions }),
  adPlatformsFeature,
  adSpendFeature,
  ordersFeature,
  gaFeature,
  metaFeature,
  demoFeature({
    enterProfitSetup: costsFeature.provides.enterDemoProfitSetup,
    tracking: tracking.provides.demoTracking,
  }),
  tracking,
  syncFeature,
  campaignsFeature,
  creativesFeature,
  modelsFeature({ runModelChecks }),
  insightsFeature,
  experimentsFeature,
  productsFeature,
  apiTokensFeature,
  exportsFeature,
  costsFeature,
  profitFeature,
  contributionFeature,
  forecastClosuresFeature({ runAnalysisNow }),
  notificationsFeature,
  alertsFeature,
  webhooksFeature,
  storesFeature,
  membersFeature({ revokeMemberTokens: apiTokensFeature.provides.revokeMemberTokens }),
  auditLogFeature,
  exchangeRatesFeature,
  allStoresFeature,
  mcpFeature,
  askFeature,
  measurementFeature,
  warehouseSyncFeature,
  analysisFeature,
  notificationDeliveryPlugin,
];

/** What the worker claims and the scheduler ticks: every listed feature's job handlers and schedules. */
export const backgroundWork = jobsOf(features);

/** Everything a request or a job needs, built once per process (the web tier's and the worker's). */
function createAppDeps(
  env: Env,
  database: Database,
  options: Pick<StartServerOptions, 'ephemeralSecrets' | 'demo' | 'features'>,
  publicUrl: () => string,
): AppDeps {
  const secrets = resolveSecrets(env, { ephemeral: options.ephemeralSecrets });
  // Readers of the cursor-event rollups look for raw rows to fold only when requests write raw-first.
  setReadersFoldFirst(database.db, env.trackingRawFirst);
  const caches = createAppCaches();
  const log = createLogger(env.logLevel);
  const deps: AppDeps = {
    env,
    database,
    db: database.db,
    reads: readRouterOf(env, database, log),
    log,
    secrets,
    clock: () => new Date(),
    publicUrl,
    startedAt: new Date(),
    caches,
    resources: createAppResources(),
    mail: { runtime: undefined },
    integration: integrationContextOf({
      db: database.db,
      env,
      secrets,
      // Read through deps, so a test that moves the app's clock moves the integrations' too.
      clock: () => deps.clock(),
      tokens: caches.upstreamTokens,
      demo: options.demo,
    }),
    demo: options.demo,
    jobs: options.features ? jobsOf(options.features) : backgroundWork,
  };
  return deps;
}

/** The read replica's router when DATABASE_READ_URL is set (PostgreSQL only), else every read on the primary. */
function readRouterOf(env: Env, database: Database, log: AppDeps['log']): ReadRouter {
  if (!env.readReplica || database.kind !== 'postgres') return primaryOnly(database.db);
  log.info(
    { maxLagSeconds: env.readReplica.maxLagSeconds },
    'heavy reads go to the read replica (DATABASE_READ_URL)',
  );
  return openReadReplica(database.db, { ...env.readReplica, log });
}

async function serve(env: Env, database: Database, options: StartServerOptions): Promise<RunningServer> {
  await migrateDatabase(database);
  await closeAbandonedRuns(database, new Date());
  let listeningUrl: string | undefined;
  const deps = createAppDeps(
    env,
    database,
    options,
    () => env.publicUrl ?? listeningUrl ?? `http://localhost:${env.port}`,
  );
  const app = await buildApp(deps, options.features ?? features);
  try {
    await app.listen({ port: env.port, host: env.host });
  } catch (error) {
    await app.close();
    await deps.resources.stop();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  listeningUrl = `http://${env.host === '0.0.0.0' || env.host === '::' ? 'localhost' : env.host}:${port}`;
  const jobs = (options.backgroundJobs ?? env.nodeEnv !== 'test') ? startBackgroundJobs(deps) : undefined;

  let closing: Promise<void> | undefined;
  const close = () => {
    // Stop accepting, let in-flight requests finish, then release the database.
    closing ??= (async () => {
      await jobs?.stop();
      await app.close();
      await deps.resources.stop();
      await deps.reads.close();
      if (!options.database) await database.close();
    })();
    return closing;
  };
  return { app, deps, url: deps.publicUrl(), close };
}

export interface RunningWorker {
  deps: AppDeps;
  close(): Promise<void>;
}

/**
 * The job worker and the sync scheduler without the web server (`upside worker`, issue #43): the
 * queue lives in PostgreSQL, so web tiers started with `--no-worker` and any number of these share
 * it. The embedded database is open in one process at a time, so this needs `DATABASE_URL`.
 */
export async function startWorker(
  options: Pick<StartServerOptions, 'env' | 'ephemeralSecrets' | 'features'> = {},
): Promise<RunningWorker> {
  const env = options.env ?? loadEnv();
  if (!env.databaseUrl) throw new WorkerNeedsPostgresError();
  const database = await openDatabase(databaseTargetOf(env));
  try {
    await migrateDatabase(database);
    await closeAbandonedRuns(database, new Date());
  } catch (error) {
    await database.close();
    throw error;
  }
  const deps = createAppDeps(env, database, options, () => env.publicUrl ?? `http://localhost:${env.port}`);
  if (!env.publicUrl)
    deps.log.warn(`PUBLIC_URL is not set: links in e-mails and digests will point to ${deps.publicUrl()}`);
  const jobs = startBackgroundJobs(deps);
  // The queue's timers do not hold the process open (a web tier's server does): this does.
  const alive = setInterval(() => undefined, 60_000);
  let closing: Promise<void> | undefined;
  return {
    deps,
    close: () => {
      closing ??= (async () => {
        clearInterval(alive);
        await jobs.stop();
        await deps.resources.stop();
        await deps.reads.close();
        await database.close();
      })();
      return closing;
    },
  };
}

export class WorkerNeedsPostgresError extends Error {
  override name = 'WorkerNeedsPostgresError';
  constructor() {
    super(
      'upside worker shares the job queue with the web tier through PostgreSQL: set DATABASE_URL (the embedded database is open in one process at a time).',
    );
  }
}

/** Closes gracefully on SIGINT/SIGTERM; a second signal or a 10 s stall forces the exit. */
export function closeOnSignals(server: { log: AppDeps['log']; close(): Promise<void> }): void {
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) process.exit(1);
    signalled = true;
    server.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
