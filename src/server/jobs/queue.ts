import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { int8Number, queryRows, timestampColumn } from '../db/query-rows.ts';

/**
 * The durable job queue: rows in `jobs` (migration 0031), shared by every app process, on
 * PostgreSQL and PGlite alike. A worker claims the oldest due job of a type it knows with
 * `FOR UPDATE SKIP LOCKED` (so concurrent workers never take the same row), heartbeats while it
 * runs, then marks it succeeded, or pending again with exponential backoff + jitter, or failed
 * after `max_attempts`. A unique index on `concurrency_key` over pending/running rows makes
 * "at most one sync per (workspace, source)" a database guarantee, and turns a duplicate enqueue
 * into a no-op that returns the live job. Every timestamp comes from the caller's clock.
 */

const JobStatus = z.enum(['pending', 'running', 'succeeded', 'failed', 'cancelled']);
export type JobStatus = z.infer<typeof JobStatus>;

export interface JobRow {
  id: number;
  type: string;
  workspaceId: string | null;
  payload: Record<string, unknown>;
  status: JobStatus;
  concurrencyKey: string | null;
  priority: number;
  runAt: Date;
  attempts: number;
  maxAttempts: number;
  lockedBy: string | null;
  lastError: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

const RawJobRow = z.object({
  id: z.union([z.number(), z.string()]),
  type: z.string(),
  workspace_id: z.string().nullable(),
  payload: z.union([z.record(z.string(), z.unknown()), z.string()]),
  status: JobStatus,
  concurrency_key: z.string().nullable(),
  priority: z.number(),
  run_at: timestampColumn,
  attempts: z.number(),
  max_attempts: z.number(),
  locked_by: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: timestampColumn,
  finished_at: timestampColumn.nullable(),
});
type RawJobRow = z.infer<typeof RawJobRow>;
const JobIdRow = z.object({ id: int8Number });

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

function mapJob(row: RawJobRow): JobRow {
  return {
    id: Number(row.id),
    type: row.type,
    workspaceId: row.workspace_id,
    payload:
      typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
    status: row.status,
    concurrencyKey: row.concurrency_key,
    priority: row.priority,
    runAt: toDate(row.run_at),
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lockedBy: row.locked_by,
    lastError: row.last_error,
    createdAt: toDate(row.created_at),
    finishedAt: row.finished_at === null ? null : toDate(row.finished_at),
  };
}

const JOB_COLUMNS = sql`id, type, workspace_id, payload, status, concurrency_key, priority, run_at, attempts,
  max_attempts, locked_by, last_error, created_at, finished_at`;

export interface EnqueueJobInput {
  type: string;
  workspaceId: string | null;
  payload: Record<string, unknown>;
  /** At most one pending-or-running job per key; a duplicate enqueue returns the live job. */
  concurrencyKey?: string | null;
  priority?: number;
  runAt?: Date;
  maxAttempts?: number;
  now: Date;
}

export interface EnqueueResult {
  job: JobRow;
  /** false when a live job with the same concurrency key already existed (nothing was added). */
  created: boolean;
}

export async function enqueueJob(db: Db, input: EnqueueJobInput): Promise<EnqueueResult> {
  const key = input.concurrencyKey ?? null;
  const inserted = await queryRows(
    db,
    RawJobRow,
    sql`INSERT INTO jobs (type, workspace_id, payload, concurrency_key, priority, run_at, max_attempts, created_at, updated_at)
        VALUES (${input.type}, ${input.workspaceId}, ${JSON.stringify(input.payload)}::jsonb, ${key},
                ${input.priority ?? 100}, ${(input.runAt ?? input.now).toISOString()}, ${input.maxAttempts ?? 5},
                ${input.now.toISOString()}, ${input.now.toISOString()})
        ON CONFLICT (concurrency_key) WHERE status IN ('pending', 'running') DO NOTHING
        RETURNING ${JOB_COLUMNS}`,
  );
  const [row] = inserted;
  if (row) return { job: mapJob(row), created: true };
  const [live] = await queryRows(
    db,
    RawJobRow,
    sql`SELECT ${JOB_COLUMNS} FROM jobs WHERE concurrency_key = ${key} AND status IN ('pending', 'running') LIMIT 1`,
  );
  if (!live) {
    // The live job finished between our insert and select: try once more.
    return enqueueJob(db, input);
  }
  // A pending duplicate asked to run sooner (e.g. "Sync now" while a retry waits): bring it forward.
  if (live.status === 'pending' && toDate(live.run_at) > (input.runAt ?? input.now)) {
    await db.execute(
      sql`UPDATE jobs SET run_at = ${(input.runAt ?? input.now).toISOString()}, updated_at = ${input.now.toISOString()}
          WHERE id = ${Number(live.id)} AND status = 'pending'`,
    );
  }
  return { job: mapJob(live), created: false };
}

/**
 * Queues several jobs in one statement (a receiver accepting a batch of events). Only for jobs
 * without a concurrency key: every row is a new job, so there is no live job to return instead.
 */
export async function enqueueJobs(
  db: Db,
  inputs: readonly Omit<EnqueueJobInput, 'concurrencyKey'>[],
): Promise<number> {
  if (inputs.length === 0) return 0;
  const rows = sql.join(
    inputs.map(
      (input) =>
        sql`(${input.type}, ${input.workspaceId}, ${JSON.stringify(input.payload)}::jsonb, ${input.priority ?? 100},
          ${(input.runAt ?? input.now).toISOString()}, ${input.maxAttempts ?? 5}, ${input.now.toISOString()},
          ${input.now.toISOString()})`,
    ),
    sql`, `,
  );
  const inserted = await queryRows(
    db,
    JobIdRow,
    sql`INSERT INTO jobs (type, workspace_id, payload, priority, run_at, max_attempts, created_at, updated_at)
        VALUES ${rows} RETURNING id`,
  );
  return inserted.length;
}

/**
 * Claims the most urgent due job whose type is in `types` (a worker only takes what it can run,
 * so a job type registered nowhere stays pending instead of failing).
 */
export async function claimJob(
  db: Db,
  args: { types: readonly string[]; workerId: string; now: Date },
): Promise<JobRow | null> {
  if (args.types.length === 0) return null;
  const now = args.now.toISOString();
  const types = sql.join(
    args.types.map((type) => sql`${type}`),
    sql`, `,
  );
  const [row] = await queryRows(
    db,
    RawJobRow,
    sql`UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ${args.workerId},
          locked_at = ${now}, heartbeat_at = ${now}, updated_at = ${now}
        WHERE id = (
          SELECT id FROM jobs
          WHERE status = 'pending' AND run_at <= ${now} AND type IN (${types})
          ORDER BY priority, run_at, id
          FOR UPDATE SKIP LOCKED
          LIMIT 1)
        RETURNING ${JOB_COLUMNS}`,
  );
  return row ? mapJob(row) : null;
}

/** Keeps a running job's lock fresh; false when the job is no longer ours (recovered elsewhere). */
export async function heartbeatJob(db: Db, jobId: number, workerId: string, now: Date): Promise<boolean> {
  const rows = await queryRows(
    db,
    JobIdRow,
    sql`UPDATE jobs SET heartbeat_at = ${now.toISOString()} WHERE id = ${jobId} AND status = 'running'
          AND locked_by = ${workerId} RETURNING id`,
  );
  return rows.length > 0;
}

export async function completeJob(
  db: Db,
  args: { jobId: number; workerId: string; now: Date; result?: Record<string, unknown> },
): Promise<void> {
  const now = args.now.toISOString();
  await db.execute(
    sql`UPDATE jobs SET status = 'succeeded', finished_at = ${now}, updated_at = ${now}, locked_by = NULL,
          last_error = NULL, result = ${args.result ? JSON.stringify(args.result) : null}::jsonb
        WHERE id = ${args.jobId} AND locked_by = ${args.workerId}`,
  );
}

export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 5_000, maxMs: 15 * 60_000 };

/** Exponential backoff with jitter between 50 % and 100 % of the capped step (attempt ≥ 1). */
export function computeRetryDelayMs(
  attempt: number,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const step = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(step * (0.5 + 0.5 * random()));
}

/**
 * Records a failed attempt: back to pending after the backoff while attempts remain (and the
 * error is retryable), otherwise failed for good. Returns the new status.
 */
export async function failJob(
  db: Db,
  args: {
    job: JobRow;
    workerId: string;
    now: Date;
    error: string;
    retryable: boolean;
    backoff?: BackoffPolicy;
    random?: () => number;
  },
): Promise<'pending' | 'failed'> {
  const now = args.now.toISOString();
  const retry = args.retryable && args.job.attempts < args.job.maxAttempts;
  if (retry) {
    const runAt = new Date(
      args.now.getTime() + computeRetryDelayMs(args.job.attempts, args.backoff, args.random),
    );
    await db.execute(
      sql`UPDATE jobs SET status = 'pending', run_at = ${runAt.toISOString()}, last_error = ${args.error},
            locked_by = NULL, locked_at = NULL, heartbeat_at = NULL, updated_at = ${now}
          WHERE id = ${args.job.id} AND locked_by = ${args.workerId}`,
    );
    return 'pending';
  }
  await db.execute(
    sql`UPDATE jobs SET status = 'failed', finished_at = ${now}, last_error = ${args.error}, locked_by = NULL,
          updated_at = ${now}
        WHERE id = ${args.job.id} AND locked_by = ${args.workerId}`,
  );
  return 'failed';
}

/**
 * Stale-lock recovery: a running job whose heartbeat is older than `staleAfterMs` belonged to a
 * process that died; it goes back to pending (or to failed when its attempts are used up).
 * Resumable cursors in sync_states make the rerun continue where the dead one stopped.
 */
export async function recoverStaleJobs(db: Db, args: { now: Date; staleAfterMs: number }): Promise<number> {
  const now = args.now.toISOString();
  const cutoff = new Date(args.now.getTime() - args.staleAfterMs).toISOString();
  const rows = await queryRows(
    db,
    JobIdRow,
    sql`UPDATE jobs SET
          status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'pending' END,
          finished_at = CASE WHEN attempts >= max_attempts THEN ${now}::timestamptz ELSE NULL END,
          last_error = 'The worker running this job stopped responding; it was restarted.',
          locked_by = NULL, locked_at = NULL, heartbeat_at = NULL, run_at = ${now}, updated_at = ${now}
        WHERE status = 'running' AND heartbeat_at < ${cutoff}
        RETURNING id`,
  );
  return rows.length;
}

/** Live (pending or running) jobs of a workspace, for the sync status endpoint. */
export async function listLiveJobs(db: Db, workspaceId: string): Promise<JobRow[]> {
  const rows = await queryRows(
    db,
    RawJobRow,
    sql`SELECT ${JOB_COLUMNS} FROM jobs WHERE workspace_id = ${workspaceId} AND status IN ('pending', 'running')
        ORDER BY id`,
  );
  return rows.map(mapJob);
}

export async function getJob(db: Db, jobId: number): Promise<JobRow | null> {
  const [row] = await queryRows(db, RawJobRow, sql`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = ${jobId}`);
  return row ? mapJob(row) : null;
}
