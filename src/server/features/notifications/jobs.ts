import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import type { AppDeps } from '../../http/deps.ts';
import { catalogue, enqueue } from '../../jobs/catalogue.ts';
import { enqueueUnlessQueuedSince } from '../../jobs/enqueue-unless-queued-since.ts';
import { type FeatureJobs, handleJob } from '../../jobs/job-handler.ts';
import { queueDueDigests } from './digest/queue-due-digests.ts';

/** How often digests are looked for and alert rules evaluated on the schedule. */
const SLOT_MS = 15 * 60_000;

const WorkspaceRow = z.object({ workspace_id: z.string() });

/** Queues the tick unless one was queued in this 15-minute slot; returns whether one was added. */
async function enqueueDueNotificationsTick(db: Db, now: Date): Promise<boolean> {
  const slotStart = new Date(Math.floor(now.getTime() / SLOT_MS) * SLOT_MS);
  return enqueueUnlessQueuedSince(db, catalogue.notificationsTick, {}, slotStart, now);
}

/**
 * The notification schedule (issue #14, decision 180): `notifications-tick`, every 15 minutes,
 * queues the digests that are due and an alert evaluation per connected workspace (stale sources
 * are found even when no sync succeeds).
 */
export const notificationJobs: FeatureJobs<AppDeps> = {
  handlers: [
    handleJob(catalogue.notificationsTick, async ({ deps }) => {
      const now = deps.clock();
      const digests = await queueDueDigests(deps);
      const workspaces = await queryRows(
        deps.db,
        WorkspaceRow,
        sql`SELECT DISTINCT workspace_id FROM credentials`,
      );
      for (const { workspace_id } of workspaces)
        await enqueue(deps.db, catalogue.evaluateAlerts, { workspaceId: workspace_id }, { now });
      return { digests, evaluations: workspaces.length };
    }),
  ],
  schedules: [{ name: 'notifications tick', tick: (deps, now) => enqueueDueNotificationsTick(deps.db, now) }],
};
