import type { Db } from '../db/client.ts';
import type { DeclaredJob } from './job-definition.ts';
import { type EnqueueResult, enqueueJob, enqueueJobs } from './queue.ts';

/** The workspace a job belongs to: its payload's `workspaceId`, when it has one. */
const workspaceIdOf = (payload: object): string | null =>
  'workspaceId' in payload && typeof payload.workspaceId === 'string' ? payload.workspaceId : null;

/**
 * Queues a job by its definition: the payload is validated against the definition's schema
 * (a bad payload throws here, naming the field, and nothing is stored), and the retry budget,
 * priority and concurrency key come from the definition — declared once. Concurrency keys make
 * it idempotent: asking for a job that is already queued or running returns that job.
 */
export async function enqueue<P extends object>(
  db: Db,
  job: DeclaredJob<P>,
  payload: P,
  options: { now: Date; runAt?: Date },
): Promise<EnqueueResult> {
  const parsed = job.parsePayload(payload);
  return enqueueJob(db, {
    type: job.type,
    workspaceId: workspaceIdOf(parsed),
    payload: parsed as Record<string, unknown>,
    concurrencyKey: job.concurrencyKeyOf(parsed),
    priority: job.priorityOf(parsed),
    maxAttempts: job.maxAttempts,
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
  job: DeclaredJob<P>,
  payloads: readonly P[],
  options: { now: Date },
): Promise<number> {
  const inputs = payloads.map((payload) => {
    const parsed = job.parsePayload(payload);
    if (job.concurrencyKeyOf(parsed) !== null)
      throw new Error(`enqueueMany: ${job.type} has a concurrency key; enqueue its jobs one by one`);
    return {
      type: job.type,
      workspaceId: workspaceIdOf(parsed),
      payload: parsed as Record<string, unknown>,
      priority: job.priorityOf(parsed),
      maxAttempts: job.maxAttempts,
      now: options.now,
    };
  });
  return enqueueJobs(db, inputs);
}
