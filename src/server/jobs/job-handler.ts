import { type JobContract, parseJobPayload } from './catalogue.ts';
import type { JobRow } from './queue.ts';

/**
 * The work behind a job type and the ticks of the schedule, as a feature declares them in its
 * `jobs.ts` (decision 180). Generic in the app's dependencies `D` (AppDeps) only so that
 * http/deps.ts can hold this build's list without an import cycle.
 */
export interface JobContext<P, D> {
  deps: D;
  job: JobRow;
  payload: P;
  /** Aborted when the worker stops; long loops should check it between pages. */
  signal: AbortSignal;
}

/** What the worker runs for one job type: the stored payload parsed with the contract's schema, then the work. */
export interface JobHandler<D> {
  readonly type: string;
  /** The work; its answer is stored in `jobs.result`. */
  execute(deps: D, job: JobRow, signal: AbortSignal): Promise<Record<string, unknown> | undefined>;
}

/**
 * One tick of the schedule (every minute, in every process that runs the scheduler): queues what
 * is due — its state lives in the database, so processes ticking at once add each job once.
 */
export interface JobSchedule<D> {
  /** Named in the log when a tick fails. */
  readonly name: string;
  tick(deps: D, now: Date): Promise<unknown>;
}

/** A feature's jobs: the handlers of the types it owns and what it adds to the schedule. */
export interface FeatureJobs<D> {
  readonly handlers: readonly JobHandler<D>[];
  readonly schedules: readonly JobSchedule<D>[];
}

/** A handler for a contract's job type: `run` gets the payload parsed (a bad one fails the job at once). */
export function handleJob<P, D>(
  contract: JobContract<P>,
  run: (context: JobContext<P, D>) => Promise<Record<string, unknown> | undefined>,
): JobHandler<D> {
  return {
    type: contract.type,
    execute: (deps, job, signal) =>
      run({ deps, job, payload: parseJobPayload(contract, job.payload), signal }),
  };
}
