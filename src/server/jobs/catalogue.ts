import { z } from 'zod';
import type { SyncSource } from '../../shared/contracts/sync.ts';
import type { Db } from '../db/client.ts';
import { PermanentJobError } from './job-error.ts';
import { type EnqueueResult, enqueueJob, enqueueJobs } from './queue.ts';

/**
 * The job catalogue (issue #37 item 1, decision 180): every job type's **contract** — its type
 * name, payload schema, retry budget, priority and concurrency key — and `enqueue`, which queues
 * a job by its contract. It imports no feature: anyone (a feature, the domain, the platform) asks
 * for work with `enqueue(db, catalogue.analyzeWorkspace, { workspaceId }, { now })` without
 * importing the feature that does it. The work is a **handler** (`handleJob`, job-handler.ts) in
 * the owning feature's `jobs.ts`; the composition root (main.ts) lists those into `deps.jobs`.
 * A contract with no handler in a build stays pending, never claimed, until a build that runs it.
 *
 * The type strings, payloads, retry budgets, priorities and concurrency keys are stored on every
 * queued row: change one only with a plan for the rows already in a database.
 */
export interface JobContract<P> {
  readonly type: string;
  readonly payloadSchema: z.ZodType<P>;
  /** Attempts including the first. */
  readonly maxAttempts: number;
  /** Lower runs first (a function of the payload: syncs an owner asked for go before scheduled ones). */
  priority(payload: P): number;
  /** Jobs sharing a key never run (or wait) twice at once; null = no limit. */
  concurrencyKey(payload: P): string | null;
}

/** The payload checked against the contract's schema; throws PermanentJobError naming the field. */
export function parseJobPayload<P>(contract: JobContract<P>, payload: unknown): P {
  const parsed = contract.payloadSchema.safeParse(payload);
  if (!parsed.success)
    throw new PermanentJobError(`invalid ${contract.type} payload: ${parsed.error.message}`);
  return parsed.data;
}

const SyncPayloadSchema = z.object({
  workspaceId: z.uuid(),
  /** Why the sync was queued: owner-initiated ones (connect, manual) go before scheduled ones. */
  reason: z.enum(['connect', 'schedule', 'manual']).optional(),
});
type SyncPayload = z.infer<typeof SyncPayloadSchema>;

/** A source's sync (features/warehouse-sync): 6 attempts, owners' before the schedule's, one per workspace. */
const syncContract = (source: SyncSource): JobContract<SyncPayload> => ({
  type: `sync-${source}`,
  payloadSchema: SyncPayloadSchema,
  maxAttempts: 6,
  priority: (payload) => (payload.reason === 'schedule' ? 100 : 50),
  concurrencyKey: (payload) => `sync:${source}:${payload.workspaceId}`,
});

/** A contract as declared (the payload type read off its schema). */
const contract = <P>(declared: JobContract<P>): JobContract<P> => declared;

const WorkspacePayload = z.object({ workspaceId: z.uuid() });
const NoPayload = z.object({});

/** Who runs each job is in parentheses: the feature (or platform part) whose `jobs.ts` handles it. */
export const catalogue = {
  /** Shopify backfill (bulk) or incremental sync of one workspace (warehouse-sync). */
  syncShopify: syncContract('shopify'),
  /** GA4 daily reports: backfill, then the last days re-read (warehouse-sync). */
  syncGa4: syncContract('ga4'),
  /** Meta campaigns and daily insights, the last 28 days re-read (warehouse-sync). */
  syncMeta: syncContract('meta'),
  /** Google Ads daily campaign and ad-group rows, the last 30 days re-read (warehouse-sync). */
  syncGoogleAds: syncContract('google_ads'),
  /** TikTok daily campaign and ad-group rows, the last 30 days re-read (warehouse-sync). */
  syncTikTokAds: syncContract('tiktok_ads'),
  /** The analysis run queued after every successful sync; one at a time per workspace (analysis). */
  analyzeWorkspace: contract({
    type: 'analyze-workspace',
    payloadSchema: WorkspacePayload,
    maxAttempts: 3,
    priority: () => 80,
    concurrencyKey: (payload) => `analyze:${payload.workspaceId}`,
  }),
  /**
   * An owner's recalculation of frozen costs over a date range, one per workspace; a dead
   * worker's attempt is retried and resumes after the run's last committed step (costs).
   */
  recalculateCosts: contract({
    type: 'recalculate-costs',
    payloadSchema: z.object({ workspaceId: z.uuid(), recalculationId: z.number().int().positive() }),
    maxAttempts: 3,
    priority: () => 60,
    concurrencyKey: (payload) => `recalculate-costs:${payload.workspaceId}`,
  }),
  /**
   * Demo mode: the demo storefront's tracker history and its pixel checkouts, written after the
   * connect has answered (tracking, decision 204). After the first analysis (80), so the owner sees
   * opportunities from the synced orders first, and before the alert evaluation (90), which then
   * looks once at what the journeys changed. Not retried: a second attempt finds the storefront's
   * website and writes nothing.
   */
  recordDemoStorefront: contract({
    type: 'record-demo-storefront',
    payloadSchema: WorkspacePayload,
    maxAttempts: 1,
    priority: () => 85,
    concurrencyKey: (payload) => `record-demo-storefront:${payload.workspaceId}`,
  }),
  /** Hourly cursor-tracking upkeep: partitions, raw-first fold, retention, tiles, funnels (tracking). */
  maintainTracking: contract({
    type: 'maintain-tracking',
    payloadSchema: NoPayload,
    maxAttempts: 3,
    // After syncs and analyses: nobody waits for it.
    priority: () => 150,
    concurrencyKey: () => 'maintain-tracking',
  }),
  /** One notification delivery, sent once whatever the retries (platform/notifications, decision 028). */
  deliverNotification: contract({
    type: 'deliver-notification',
    payloadSchema: z.object({ workspaceId: z.uuid(), deliveryId: z.uuid() }),
    maxAttempts: 6,
    priority: () => 60,
    concurrencyKey: (payload) => `deliver:${payload.deliveryId}`,
  }),
  /** Alert rules of one workspace, after every analysis run and on the schedule (alerts). */
  evaluateAlerts: contract({
    type: 'evaluate-alerts',
    payloadSchema: WorkspacePayload,
    maxAttempts: 3,
    priority: () => 90,
    concurrencyKey: (payload) => `alerts:${payload.workspaceId}`,
  }),
  /** A store's funnels moved to the segment slices of its latest analysis run, after every run (funnels, decision 224). */
  sliceFunnelSegments: contract({
    type: 'slice-funnel-segments',
    payloadSchema: WorkspacePayload,
    maxAttempts: 3,
    // After the alerts: the segment report reads its statement meanwhile.
    priority: () => 95,
    concurrencyKey: (payload) => `funnel-segments:${payload.workspaceId}`,
  }),
  /** Every 15 minutes: the digests due and an alert evaluation per connected workspace (notifications). */
  notificationsTick: contract({
    type: 'notifications-tick',
    payloadSchema: NoPayload,
    maxAttempts: 3,
    priority: () => 120,
    concurrencyKey: () => 'notifications-tick',
  }),
  /** One received Shopify webhook applied; events are independent, so no key (webhooks, decision 030). */
  processShopifyWebhook: contract({
    type: 'process-shopify-webhook',
    payloadSchema: z.object({ workspaceId: z.uuid(), eventRowId: z.number().int().positive() }),
    maxAttempts: 6,
    priority: () => 20,
    concurrencyKey: () => null,
  }),
  /** A newly connected store's webhook subscriptions, or why it stays on polling (webhooks). */
  registerShopifyWebhooks: contract({
    type: 'register-shopify-webhooks',
    payloadSchema: WorkspacePayload,
    maxAttempts: 3,
    priority: () => 40,
    concurrencyKey: (payload) => `register-shopify-webhooks:${payload.workspaceId}`,
  }),
  /** The ECB's daily reference rates, every 6 hours (exchange-rates, decision 067). */
  fetchExchangeRates: contract({
    type: 'fetch-exchange-rates',
    payloadSchema: NoPayload,
    maxAttempts: 4,
    priority: () => 140,
    concurrencyKey: () => 'fetch-exchange-rates',
  }),
  /** A workspace's published spend sheets fetched and imported (ad-spend, decision 105). */
  importSpendSheets: contract({
    type: 'import-spend-sheets',
    payloadSchema: WorkspacePayload,
    maxAttempts: 3,
    priority: () => 110,
    concurrencyKey: (payload) => `import-spend-sheets:${payload.workspaceId}`,
  }),
};

/** The sync job of each source, for `enqueue(db, SYNC_JOBS[source], { workspaceId, reason }, …)`. */
export const SYNC_JOBS: Readonly<Record<SyncSource, JobContract<SyncPayload>>> = {
  shopify: catalogue.syncShopify,
  ga4: catalogue.syncGa4,
  meta: catalogue.syncMeta,
  google_ads: catalogue.syncGoogleAds,
  tiktok_ads: catalogue.syncTikTokAds,
};

/** The workspace a job belongs to: its payload's `workspaceId`, when it has one. */
const workspaceIdOf = (payload: object): string | null =>
  'workspaceId' in payload && typeof payload.workspaceId === 'string' ? payload.workspaceId : null;

/**
 * Queues a job by its contract: the payload is validated against the contract's schema (a bad
 * payload throws here, naming the field, and nothing is stored), and the retry budget, priority
 * and concurrency key come from the contract — declared once. Concurrency keys make it
 * idempotent: asking for a job that is already queued or running returns that job.
 */
export async function enqueue<P extends object>(
  db: Db,
  contract: JobContract<P>,
  payload: P,
  options: { now: Date; runAt?: Date },
): Promise<EnqueueResult> {
  const parsed = parseJobPayload(contract, payload);
  return enqueueJob(db, {
    type: contract.type,
    workspaceId: workspaceIdOf(parsed),
    payload: parsed as Record<string, unknown>,
    concurrencyKey: contract.concurrencyKey(parsed),
    priority: contract.priority(parsed),
    maxAttempts: contract.maxAttempts,
    now: options.now,
    ...(options.runAt ? { runAt: options.runAt } : {}),
  });
}

/**
 * Queues one job per payload in one statement (payloads validated like `enqueue`). For job types
 * without a concurrency key only (throws otherwise): each payload is a new, independent job.
 */
export async function enqueueMany<P extends object>(
  db: Db,
  contract: JobContract<P>,
  payloads: readonly P[],
  options: { now: Date },
): Promise<number> {
  const inputs = payloads.map((payload) => {
    const parsed = parseJobPayload(contract, payload);
    if (contract.concurrencyKey(parsed) !== null)
      throw new Error(`enqueueMany: ${contract.type} has a concurrency key; enqueue its jobs one by one`);
    return {
      type: contract.type,
      workspaceId: workspaceIdOf(parsed),
      payload: parsed as Record<string, unknown>,
      priority: contract.priority(parsed),
      maxAttempts: contract.maxAttempts,
      now: options.now,
    };
  });
  return enqueueJobs(db, inputs);
}
