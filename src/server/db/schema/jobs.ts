import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { SyncQuotaSchema } from '../../../shared/contracts/sync.ts';
import { JsonObjectSchema, typedJsonb } from '../typed-jsonb.ts';
import { workspaces } from './auth.ts';

/**
 * Durable job queue (migration 0031), shared by every app process; see src/server/jobs/README.md.
 * Workers claim with `FOR UPDATE SKIP LOCKED`; a failed attempt goes back to `pending` with
 * `run_at` pushed out (exponential backoff + jitter) until `max_attempts`; a running job whose
 * `heartbeat_at` is stale (its process died) is recovered to `pending`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Job type, e.g. 'sync-shopify', 'analyze-workspace' (its contract: src/server/jobs/catalogue.ts). */
    type: text('type').notNull(),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    payload: typedJsonb('payload', JsonObjectSchema).notNull().default({}),
    status: text('status', { enum: ['pending', 'running', 'succeeded', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    /** At most one pending-or-running job per key (e.g. 'sync:shopify:<workspace>'). */
    concurrencyKey: text('concurrency_key'),
    /** Lower runs first. */
    priority: integer('priority').notNull().default(100),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedBy: text('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    lastError: text('last_error'),
    result: typedJsonb('result', JsonObjectSchema),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('jobs_live_concurrency_key')
      .on(table.concurrencyKey)
      .where(sql`status IN ('pending', 'running')`),
    index('jobs_workspace_idx').on(table.workspaceId, table.createdAt),
  ],
);

export type SyncSource = 'shopify' | 'ga4' | 'meta' | 'google_ads' | 'tiktok_ads';

/**
 * One row per (workspace, source): the resumable cursor and the freshness figures the
 * data-freshness panel shows. `cursor` is written after every committed page, so a sync that
 * dies midway resumes where it stopped.
 */
export const syncStates = pgTable(
  'sync_states',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['shopify', 'ga4', 'meta', 'google_ads', 'tiktok_ads'] }).notNull(),
    /** Source-specific resumable position (see each source's sync in src/server/features/warehouse-sync). */
    cursor: typedJsonb('cursor', JsonObjectSchema).notNull().default({}),
    status: text('status', { enum: ['never', 'running', 'succeeded', 'failed'] })
      .notNull()
      .default('never'),
    lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** Owner-facing text of the last failure (cleared by the next success). */
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    /** Rows upserted by the last run (all streams of the source). */
    lastRunRows: bigint('last_run_rows', { mode: 'number' }).notNull().default(0),
    /** Newest upstream moment the warehouse is known to be complete through (lag = now − this). */
    dataThrough: timestamp('data_through', { withTimezone: true }),
    backfillCompletedAt: timestamp('backfill_completed_at', { withTimezone: true }),
    quota: typedJsonb('quota', SyncQuotaSchema),
    /** Warehouse rows of this source per table (e.g. { wh_orders: 1000000 }), as of the last success (migration 0032). */
    rowCounts: typedJsonb('row_counts', z.record(z.string(), z.number())).notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.source] })],
);
