import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import type { SyncSource } from '../db/schema/jobs.ts';
import type { AppDeps } from '../http/deps.ts';
import { enqueueSync } from './enqueue.ts';

/**
 * The sync schedule: every `env.syncIntervalMinutes` (15 by default), each connected source of
 * each workspace gets a sync job unless one ran recently. State lives in the database, so several
 * app processes ticking at once still produce one job per source (concurrency keys, and the
 * "started recently" check below).
 */

/** Queues the syncs that are due; returns how many jobs were added. */
export async function enqueueDueSyncs(db: Db, now: Date, intervalMinutes: number): Promise<number> {
  // 90 % of the interval, so a tick that fires slightly early does not skip a whole period.
  const cutoff = new Date(now.getTime() - intervalMinutes * 60_000 * 0.9).toISOString();
  const due = await queryRows<{ workspace_id: string; provider: SyncSource }>(
    db,
    sql`SELECT c.workspace_id, c.provider FROM credentials c
        LEFT JOIN sync_states s ON s.workspace_id = c.workspace_id AND s.source = c.provider
        WHERE c.status = 'verified' AND (s.last_started_at IS NULL OR s.last_started_at < ${cutoff})`,
  );
  let added = 0;
  for (const row of due) {
    const { created } = await enqueueSync(db, {
      workspaceId: row.workspace_id,
      source: row.provider,
      now,
      reason: 'schedule',
    });
    if (created) added += 1;
  }
  return added;
}

export interface SyncScheduler {
  start(): void;
  stop(): void;
}

export function createSyncScheduler(deps: AppDeps, options: { tickMs?: number } = {}): SyncScheduler {
  const tickMs = options.tickMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    enqueueDueSyncs(deps.db, deps.clock(), deps.env.syncIntervalMinutes).catch(() => undefined);
  };
  return {
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, tickMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
