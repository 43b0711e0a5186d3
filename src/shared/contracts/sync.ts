import { z } from 'zod';
import { ConnectionHealthSchema } from './connection-health.ts';

/** Data sources the warehouse syncs (one sync state and one job stream each). */
export const SYNC_SOURCES = ['shopify', 'ga4', 'meta', 'google_ads', 'tiktok_ads'] as const;
export const SyncSourceSchema = z.enum(SYNC_SOURCES);
export type SyncSource = z.infer<typeof SyncSourceSchema>;

export const SYNC_SOURCE_LABELS: Readonly<Record<SyncSource, string>> = {
  shopify: 'Shopify',
  ga4: 'Google Analytics',
  meta: 'Meta Ads',
  google_ads: 'Google Ads',
  tiktok_ads: 'TikTok Ads',
};

export const SyncQuotaSchema = z.object({
  /** What is counted: 'query cost points' (Shopify), 'tokens per day' (GA4), 'API usage' (Meta, %). */
  unit: z.string(),
  used: z.number(),
  limit: z.number().nullable(),
  /** 0–100 when the limit is known. */
  usedPercent: z.number().nullable(),
});
export type SyncQuota = z.infer<typeof SyncQuotaSchema>;

/** One source on the data-freshness panel (GET /api/sync/status). */
export const SyncSourceStatusSchema = z.object({
  source: SyncSourceSchema,
  label: z.string(),
  /** Credentials are stored for this source. */
  connected: z.boolean(),
  /** never: not synced yet; running; queued (waiting or retrying); succeeded; failed (last run). */
  state: z.enum(['never', 'running', 'queued', 'succeeded', 'failed']),
  /** Last successful sync (ISO instant). */
  lastSyncAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** Warehouse rows from this source, in total and per table, as of the last success. */
  rows: z.number(),
  rowsByTable: z.record(z.string(), z.number()),
  /** Rows written by the last run. */
  lastRunRows: z.number(),
  /** Seconds between now and the moment the warehouse is complete through; null before the first sync. */
  lagSeconds: z.number().nullable(),
  quota: SyncQuotaSchema.nullable(),
  /** Owner-facing text of the last failure, kept until a sync succeeds. */
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  running: z.boolean(),
  queued: z.boolean(),
  /** When the next queued attempt is due (retries wait with backoff). */
  nextAttemptAt: z.string().nullable(),
  backfillCompletedAt: z.string().nullable(),
  /** No successful sync for more than twice the schedule interval (and none running). */
  overdue: z.boolean(),
  /** Connected only when the latest test or sync succeeded and syncs keep to the schedule. */
  health: ConnectionHealthSchema,
  /**
   * How new data arrives: Shopify by webhooks once they are registered (issue #15), otherwise, and
   * for GA4 and Meta always, by the scheduled sync; `reason` says why a source polls.
   */
  delivery: z.object({ mode: z.enum(['webhooks', 'polling']), reason: z.string().nullable() }),
});
export type SyncSourceStatus = z.infer<typeof SyncSourceStatusSchema>;

export const SyncStatusResponseSchema = z.object({
  sources: z.array(SyncSourceStatusSchema),
  /** Minutes between scheduled syncs. */
  intervalMinutes: z.number(),
  checkedAt: z.string(),
});
export type SyncStatusResponse = z.infer<typeof SyncStatusResponseSchema>;

/** POST /api/sync/run ("Sync now"): one source, or every connected source when omitted. */
export const SyncRunRequestSchema = z
  .object({ source: SyncSourceSchema.optional() })
  .strict()
  .optional()
  .default({});
export type SyncRunRequest = z.infer<typeof SyncRunRequestSchema>;

export const SyncRunResponseSchema = z.object({
  message: z.string(),
  queued: z.array(
    z.object({
      source: SyncSourceSchema,
      jobId: z.number(),
      /** True when a sync of this source was already queued or running (nothing was added). */
      alreadyQueued: z.boolean(),
    }),
  ),
});
export type SyncRunResponse = z.infer<typeof SyncRunResponseSchema>;
