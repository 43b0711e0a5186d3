import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import { enqueue, type JobContract } from './catalogue.ts';

const RecentRow = z.object({ queued: z.boolean() });

/**
 * A schedule's guard (decision 180): queues `contract`'s job unless one of its type was created at
 * or after `since` (the start of the schedule's current slot), so several processes ticking in one
 * slot add one job. Answers whether a job was added.
 */
export async function enqueueUnlessQueuedSince<P extends object>(
  db: Db,
  contract: JobContract<P>,
  payload: P,
  since: Date,
  now: Date,
): Promise<boolean> {
  const [recent] = await queryRows(
    db,
    RecentRow,
    sql`SELECT EXISTS (SELECT 1 FROM jobs WHERE type = ${contract.type}
        AND created_at >= ${since.toISOString()}) AS queued`,
  );
  if (recent?.queued) return false;
  return (await enqueue(db, contract, payload, { now })).created;
}
