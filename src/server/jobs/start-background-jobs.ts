import type { AppDeps } from '../http/deps.ts';
import { createSyncScheduler } from './scheduler.ts';
import { createJobWorker, type WorkerOptions } from './worker.ts';

export interface BackgroundJobs {
  /** Wakes the worker now (e.g. right after "Sync now"). */
  poke(): void;
  stop(): Promise<void>;
}

/** Starts this process's job worker and the sync scheduler; `stop` waits for running jobs to settle. */
export function startBackgroundJobs(deps: AppDeps, options: WorkerOptions = {}): BackgroundJobs {
  const worker = createJobWorker(deps, options);
  const scheduler = createSyncScheduler(deps);
  worker.start();
  scheduler.start();
  return {
    poke: () => worker.poke(),
    async stop() {
      scheduler.stop();
      await worker.stop();
    },
  };
}
