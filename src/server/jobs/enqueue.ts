import type { Db } from '../db/client.ts';
import type { DeclaredJob } from './job-definition.ts';
import { type EnqueueResult, enqueueJob } from './queue.ts';

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
  const workspaceId =
    'workspaceId' in parsed && typeof parsed.workspaceId === 'string' ? parsed.workspaceId : null;
  return enqueueJob(db, {
    type: job.type,
    workspaceId,
    payload: parsed as Record<string, unknown>,
    concurrencyKey: job.concurrencyKeyOf(parsed),
    priority: job.priorityOf(parsed),
    maxAttempts: job.maxAttempts,
    now: options.now,
    ...(options.runAt ? { runAt: options.runAt } : {}),
  });
}
