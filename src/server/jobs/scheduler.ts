import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { HOUR_MS } from '../../shared/calendar.ts';
import { SYNC_SOURCES, SyncSourceSchema } from '../../shared/contracts/sync.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import { foldPending } from '../domain/tracking/fold-events.ts';
import type { AppDeps } from '../http/deps.ts';
import { enqueueDueRatesFetch } from './definitions/fetch-exchange-rates.ts';
import { enqueueDueSpendSheets } from './definitions/import-spend-sheets.ts';
import { maintainTrackingJob } from './definitions/maintain-tracking.ts';
import { enqueueDueNotificationsTick } from './definitions/notifications-tick.ts';
import { SYNC_JOBS } from './definitions/sync-jobs.ts';
import { enqueue } from './enqueue.ts';

/** `'a', 'b'` as bound parameters (credentials of providers without a sync job are left out). */
const sqlList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

const DueRow = z.object({ workspace_id: z.string(), provider: SyncSourceSchema });

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
  const due = await queryRows(
    db,
    DueRow,
    sql`SELECT c.workspace_id, c.provider FROM credentials c
        LEFT JOIN sync_states s ON s.workspace_id = c.workspace_id AND s.source = c.provider
        WHERE c.status = 'verified' AND (s.last_started_at IS NULL OR s.last_started_at < ${cutoff})
          AND c.provider IN (${sqlList(SYNC_SOURCES)})`,
  );
  let added = 0;
  for (const row of due) {
    const { created } = await enqueue(
      db,
      SYNC_JOBS[row.provider],
      { workspaceId: row.workspace_id, reason: 'schedule' },
      { now },
    );
    if (created) added += 1;
  }
  return added;
}

const RecentRow = z.object({ queued: z.boolean() });

/**
 * Queues the hourly tracking maintenance (maintain-tracking.ts) unless one was queued since the
 * start of this UTC hour; returns whether a job was added. Runs whether or not events arrive.
 */
export async function enqueueDueMaintenance(db: Db, now: Date): Promise<boolean> {
  const hourStart = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS).toISOString();
  const [recent] = await queryRows(
    db,
    RecentRow,
    sql`SELECT EXISTS (SELECT 1 FROM jobs WHERE type = ${maintainTrackingJob.type}
        AND created_at >= ${hourStart}) AS queued`,
  );
  if (recent?.queued) return false;
  return (await enqueue(db, maintainTrackingJob, {}, { now })).created;
}

export interface SyncScheduler {
  start(): void;
  stop(): void;
}

export function createSyncScheduler(deps: AppDeps, options: { tickMs?: number } = {}): SyncScheduler {
  const tickMs = options.tickMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    const now = deps.clock();
    Promise.all([
      enqueueDueSyncs(deps.db, now, deps.env.syncIntervalMinutes),
      enqueueDueMaintenance(deps.db, now),
      enqueueDueNotificationsTick(deps.db, now),
      enqueueDueRatesFetch(deps.db, now),
      enqueueDueSpendSheets(deps.db, now, deps.env.syncIntervalMinutes),
      // Raw rows a killed web process (or a raw-first run before the switch was turned off) wrote but never folded (decision 125); a no-op when none.
      foldPending(deps.db),
    ]).catch((error: unknown) => {
      // The next tick tries again; the state is in the database.
      deps.log.error({ err: error }, 'scheduler tick failed');
    });
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
