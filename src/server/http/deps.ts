import type { AppCaches } from '../caches.ts';
import type { Database, Db } from '../db/client.ts';
import type { ReadRouter } from '../db/read-replica.ts';
import type { Env } from '../env.ts';
import type { FeatureJobs } from '../jobs/job-handler.ts';
import type { AppLogger } from '../log.ts';
import type { IntegrationContext } from '../platform/integrations/integration-context.ts';
import type { MailSlot } from '../platform/mail/mail-slot.ts';
import type { AppResources } from '../platform/resources/app-resources.ts';
import type { Secrets } from '../secrets.ts';
import type { DemoRuntime } from './demo-runtime.ts';

/** Everything a route or service needs from the outside world, built once by the composition root. */
export interface AppDeps {
  env: Env;
  database: Database;
  db: Db;
  /**
   * The heavy read-only queries' database (decision 126): the read replica while it is fresh
   * enough, else the primary; routes call it through `readOnReplica` (http/read-replica-routing.ts).
   */
  reads: ReadRouter;
  secrets: Secrets;
  /** The process's logger (the HTTP app logs through it too); jobs, scheduler and analysis use it. */
  log: AppLogger;
  /** The only clock the server reads, so tests can move time. */
  clock: () => Date;
  /** The origin browsers use (PUBLIC_URL, or the listening address once known). */
  publicUrl: () => string;
  startedAt: Date;
  /** The app's caches and in-flight maps (src/server/caches.ts): one set per app, none in modules. */
  caches: AppCaches;
  /**
   * What is started with the app and stopped with it (platform/resources/app-resources.ts, decision
   * 215): each owner reaches its own kind, e.g. the analysis feature's worker thread.
   */
  resources: AppResources;
  /** What the integration services need (keyring, upstream targets, token cache), built once. */
  integration: IntegrationContext;
  /** The app's outgoing mail, started on first use (platform/mail/mail-transport.ts). */
  mail: MailSlot;
  /** Demo mode: where the in-process emulators listen and the demo store's credentials. */
  demo: DemoRuntime | undefined;
  /**
   * The job handlers and schedules this build runs, listed by the composition root (main.ts) from
   * the features' `jobs.ts` (decision 180): what the worker claims and the scheduler ticks.
   */
  jobs: FeatureJobs<AppDeps>;
}

/** The database and the app's caches: what a cached read needs. */
export type CachedReads = Pick<AppDeps, 'db' | 'caches'>;
