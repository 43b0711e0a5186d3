import type { AppDeps } from '../http/deps.ts';

/**
 * The schedule: every minute (`tickMs`), each of this build's schedules (`deps.jobs.schedules`,
 * declared by the features in their `jobs.ts`: due syncs, the hourly tracking upkeep, the
 * notifications tick, rate fetches, spend sheets, …) queues what is due. State lives in the
 * database, so several app processes ticking at once still produce one job each (concurrency keys
 * and each schedule's "queued recently" check).
 */
export interface SyncScheduler {
  start(): void;
  stop(): void;
}

export function createSyncScheduler(deps: AppDeps, options: { tickMs?: number } = {}): SyncScheduler {
  const tickMs = options.tickMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    const now = deps.clock();
    for (const schedule of deps.jobs.schedules) {
      schedule.tick(deps, now).catch((error: unknown) => {
        // The next tick tries again; the state is in the database.
        deps.log.error({ err: error, schedule: schedule.name }, 'scheduler tick failed');
      });
    }
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
