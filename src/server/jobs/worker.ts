import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { UpstreamError } from '../connectors/http/upstream-error.ts';
import type { AppDeps } from '../http/deps.ts';
import { describeJobError, PermanentJobError } from './job-error.ts';
import type { JobHandler } from './job-handler.ts';
import {
  type BackoffPolicy,
  claimJob,
  completeJob,
  DEFAULT_BACKOFF,
  failJob,
  heartbeatJob,
  type JobRow,
  recoverStaleJobs,
} from './queue.ts';

/**
 * The worker loop: claims due jobs of the types this build has a handler for (`deps.jobs`, listed
 * by the composition root), runs them with a heartbeat, records the outcome, and recovers jobs
 * whose worker died. Several app processes may each run one; the queue's SKIP LOCKED claim and
 * concurrency keys keep them from colliding. A type without a handler is never claimed: it stays
 * pending until a build that runs it.
 */

type Handlers = readonly JobHandler<AppDeps>[];

export interface WorkerOptions {
  workerId?: string;
  /** Jobs run at once by this process (default 2: the sources sync in parallel). */
  concurrency?: number;
  pollIntervalMs?: number;
  /** Default: a quarter of the lease, at most 10 s. */
  heartbeatIntervalMs?: number;
  /** A running job without a heartbeat for this long is recovered (default JOB_LEASE_SECONDS, 2 min). */
  staleAfterMs?: number;
  backoff?: BackoffPolicy;
}

export interface JobOutcome {
  job: JobRow;
  status: 'succeeded' | 'pending' | 'failed';
  error?: string;
}

export function createWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/** Upstream failures that no retry fixes (the owner must change something) fail at once. */
export function isRetryableError(error: unknown): boolean {
  if (error instanceof PermanentJobError) return false;
  if (error instanceof UpstreamError) {
    return !['auth', 'permission', 'not_found', 'bad_request'].includes(error.kind);
  }
  return true;
}

/** Runs one claimed job to its outcome; never throws. */
export async function executeClaimedJob(
  deps: AppDeps,
  job: JobRow,
  options: {
    handlers: Handlers;
    workerId: string;
    heartbeatIntervalMs: number;
    backoff: BackoffPolicy;
    signal: AbortSignal;
  },
): Promise<JobOutcome> {
  const handler = options.handlers.find((candidate) => candidate.type === job.type);
  const heartbeat = setInterval(() => {
    heartbeatJob(deps.db, job.id, options.workerId, deps.clock()).catch((error: unknown) => {
      // A missed beat only risks another worker reclaiming the job later: worth a warning.
      deps.log.warn({ err: error, jobId: job.id, type: job.type }, 'job heartbeat failed');
    });
  }, options.heartbeatIntervalMs);
  heartbeat.unref();
  try {
    if (!handler) throw new PermanentJobError(`no handler for job type ${job.type}`);
    const result = await handler.execute(deps, job, options.signal);
    await completeJob(deps.db, {
      jobId: job.id,
      workerId: options.workerId,
      now: deps.clock(),
      ...(result ? { result } : {}),
    });
    deps.log.info({ jobId: job.id, type: job.type, workerId: options.workerId }, 'job succeeded');
    return { job, status: 'succeeded' };
  } catch (error) {
    const message = describeJobError(error);
    const status = await failJob(deps.db, {
      job,
      workerId: options.workerId,
      now: deps.clock(),
      error: message,
      // A job interrupted by shutdown goes back to pending; its cursor resumes it.
      retryable: options.signal.aborted || isRetryableError(error),
      backoff: options.backoff,
    }).catch((failError: unknown) => {
      deps.log.error({ err: failError, jobId: job.id, type: job.type }, 'recording the job failure failed');
      return 'failed' as const;
    });
    deps.log[status === 'failed' ? 'error' : 'warn'](
      { jobId: job.id, type: job.type, attempt: job.attempts, status, error: message },
      'job failed',
    );
    return { job, status, error: message };
  } finally {
    clearInterval(heartbeat);
  }
}

/** This build's handlers, or those of the `only` job types (a test that runs one kind of job). */
const handlersOf = (deps: AppDeps, only: readonly { type: string }[] | undefined): Handlers =>
  only
    ? deps.jobs.handlers.filter((handler) => only.some((kind) => kind.type === handler.type))
    : deps.jobs.handlers;

/**
 * Runs every due job, one at a time, until none is due (jobs whose retry waits in the future are
 * left pending). Deterministic: for tests, the CLI and benchmarks. `only` (job contracts) leaves
 * the other types pending.
 */
export async function runJobsUntilIdle(
  deps: AppDeps,
  options: { only?: readonly { type: string }[]; maxJobs?: number; backoff?: BackoffPolicy } = {},
): Promise<JobOutcome[]> {
  const handlers = handlersOf(deps, options.only);
  const workerId = createWorkerId();
  const outcomes: JobOutcome[] = [];
  const controller = new AbortController();
  const maxJobs = options.maxJobs ?? 1000;
  while (outcomes.length < maxJobs) {
    const job = await claimJob(deps.db, {
      types: handlers.map((handler) => handler.type),
      workerId,
      now: deps.clock(),
    });
    if (!job) break;
    outcomes.push(
      await executeClaimedJob(deps, job, {
        handlers,
        workerId,
        heartbeatIntervalMs: 10_000,
        backoff: options.backoff ?? DEFAULT_BACKOFF,
        signal: controller.signal,
      }),
    );
  }
  return outcomes;
}

export interface JobWorker {
  start(): void;
  /** Stops claiming, aborts running jobs' loops and waits for them to settle. */
  stop(): Promise<void>;
  /** Wakes the loop now (e.g. after "Sync now"). */
  poke(): void;
}

export function createJobWorker(deps: AppDeps, options: WorkerOptions = {}): JobWorker {
  const handlers = deps.jobs.handlers;
  const workerId = options.workerId ?? createWorkerId();
  const concurrency = options.concurrency ?? 2;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const staleAfterMs = options.staleAfterMs ?? deps.env.jobLeaseSeconds * 1000;
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? Math.min(10_000, staleAfterMs / 4);
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const controller = new AbortController();
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopped = false;
  let ticking = false;
  let lastRecovery = 0;

  const tick = async () => {
    if (ticking || stopped) return;
    ticking = true;
    try {
      const now = deps.clock();
      if (now.getTime() - lastRecovery > staleAfterMs / 2) {
        lastRecovery = now.getTime();
        await recoverStaleJobs(deps.db, { now, staleAfterMs });
      }
      while (!stopped && running.size < concurrency) {
        const job = await claimJob(deps.db, {
          types: handlers.map((handler) => handler.type),
          workerId,
          now: deps.clock(),
        });
        if (!job) break;
        const run = executeClaimedJob(deps, job, {
          handlers,
          workerId,
          heartbeatIntervalMs,
          backoff,
          signal: controller.signal,
        }).then(() => {
          running.delete(run);
          // A finished job may have queued follow-ups (analysis after a sync): look again.
          schedule(0);
        });
        running.add(run);
      }
    } catch (error) {
      // The database may be briefly unavailable; the next tick tries again.
      deps.log.warn({ err: error }, 'job worker tick failed; retrying at the next poll');
    } finally {
      ticking = false;
    }
  };

  const schedule = (delayMs: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      void tick().finally(() => schedule(pollIntervalMs));
    }, delayMs);
    timer.unref();
  };

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    poke() {
      if (started) schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      controller.abort();
      await Promise.allSettled([...running]);
    },
  };
}
