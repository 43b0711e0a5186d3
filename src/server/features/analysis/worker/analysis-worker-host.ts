import { Worker } from 'node:worker_threads';
import type { ResourceKind } from '../../../platform/resources/app-resources.ts';
import { analysisWorkerSourceEntry } from './analysis-worker-source-entry.ts';
import {
  erasedTask,
  type WorkerMessage,
  type WorkerReply,
  type WorkerTaskInput,
  type WorkerTaskName,
  type WorkerTaskOutput,
} from './analysis-worker-tasks.ts';
import { encodeParts, PartsDecoder } from './analysis-worker-wire.ts';

/**
 * Runs the analysis computations (analysis-worker-tasks.ts) on one worker thread, so a run's
 * seconds of CPU do not hold up HTTP requests. Tasks run one at a time, in call order: analysis
 * runs are serialised per workspace by the job queue, but two workspaces, or a run and the model
 * checks, could meet here, and on a two-core machine one computation next to the event loop is
 * the most that helps. The worker is started on demand and kept while tasks follow each other
 * (starting it and loading the core takes a few hundred milliseconds); after
 * IDLE_MS without work it is stopped, returning its heap (hundreds of MB after a large run).
 * One host per app: an app resource (`deps.resources.of(analysisWorker)`, decision 215), started
 * on first use and stopped when the app closes.
 */
const IDLE_MS = 30_000;
/** The worker allocates a million rows' strings and records: a young generation larger than V8's default scavenges less often (decision 076). */
const YOUNG_GENERATION_MB = 96;
/**
 * Compiled (dist/, decision 018) the worker is plain JavaScript; from the sources, a bundle of its
 * sources made once per process (decision 238).
 */
const entry = (): URL =>
  import.meta.url.endsWith('.ts')
    ? analysisWorkerSourceEntry()
    : new URL('./analysis-worker.js', import.meta.url);

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

export interface AnalysisWorkerHost {
  /**
   * Runs a task on the analysis worker and resolves with its result; rejects with the task's error,
   * or when the worker dies before answering. Waits for the tasks called before it.
   */
  run<N extends WorkerTaskName>(name: N, input: WorkerTaskInput<N>): Promise<WorkerTaskOutput<N>>;
  /**
   * Starts the worker ahead of a task if none is running, so that its boot (a few hundred
   * milliseconds of loading the core) overlaps the caller's database reads.
   */
  warm(): void;
  /** Stops the worker now; a task in flight is rejected. The next task starts a new one. */
  stop(): Promise<void>;
}

export function createAnalysisWorkerHost(): AnalysisWorkerHost {
  let worker: Worker | null = null;
  let idleTimer: NodeJS.Timeout | undefined;
  /** The task in flight: its worker (events of an older, stopping one are not about it) and its answer. */
  let pending: { worker: Worker; resolve(reply: WorkerReply): void; reject(error: Error): void } | null =
    null;
  let queue: Promise<unknown> = Promise.resolve();
  let lastRequestId = 0;

  function settle(from: Worker, outcome: (waiting: NonNullable<typeof pending>) => void): void {
    const waiting = pending;
    if (waiting?.worker !== from) return;
    pending = null;
    outcome(waiting);
  }

  function startWorker(): Worker {
    const started = new Worker(entry(), {
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    const forget = () => {
      if (worker === started) worker = null;
    };
    started.on('message', (reply: WorkerReply) => settle(started, (waiting) => waiting.resolve(reply)));
    // A crash (uncaught error, out of memory, terminate) fails the task in flight, not the server;
    // the next task starts a new worker.
    started.on('error', (error) => {
      forget();
      settle(started, (waiting) => waiting.reject(error));
    });
    started.on('messageerror', (error) => settle(started, (waiting) => waiting.reject(error)));
    started.on('exit', (code) => {
      forget();
      settle(started, (waiting) =>
        waiting.reject(new Error(`The analysis worker stopped (exit code ${code}) before it answered`)),
      );
    });
    return started;
  }

  async function runNow<N extends WorkerTaskName>(
    name: N,
    input: WorkerTaskInput<N>,
  ): Promise<WorkerTaskOutput<N>> {
    const task = erasedTask(name);
    const id = ++lastRequestId;
    clearTimeout(idleTimer);
    worker ??= startWorker();
    const current = worker;
    current.ref();
    const replied = new Promise<WorkerReply>((resolve, reject) => {
      pending = { worker: current, resolve, reject };
    });
    // Awaited below unless encoding throws first; a crash meanwhile must not be unhandled.
    replied.catch(() => undefined);
    let reply: WorkerReply;
    try {
      // Part by part, a turn of the event loop between them; the worker rebuilds each as it comes
      // (and boots, the first time, while the first parts are encoded).
      for (const { part, transfer } of encodeParts(input, task.input)) {
        if (!pending) break; // the worker died: `replied` says why
        const message: WorkerMessage = { type: 'part', id, part };
        current.postMessage(message, transfer);
        await nextTurn();
      }
      const message: WorkerMessage = { type: 'run', id, task: name };
      current.postMessage(message);
      reply = await replied;
    } finally {
      pending = null;
      // An idle worker must not keep the process alive (CLI, tests, shutdown).
      current.unref();
      idleTimer = setTimeout(stop, IDLE_MS).unref();
    }
    if (!reply.ok) {
      const error = new Error(reply.message);
      if (reply.stack) error.stack = reply.stack;
      throw error;
    }
    const decoder = new PartsDecoder();
    for (const part of reply.parts) {
      decoder.accept(part);
      await nextTurn();
    }
    return decoder.result<WorkerTaskOutput<N>>();
  }

  function run<N extends WorkerTaskName>(name: N, input: WorkerTaskInput<N>): Promise<WorkerTaskOutput<N>> {
    const result = queue.then(() => runNow(name, input));
    // The queue only orders the runs; the caller gets this run's error through `result`.
    queue = result.catch(() => undefined);
    return result;
  }

  function warm(): void {
    if (worker) return;
    worker = startWorker();
    worker.unref();
    clearTimeout(idleTimer);
    idleTimer = setTimeout(stop, IDLE_MS).unref();
  }

  async function stop(): Promise<void> {
    const current = worker;
    worker = null;
    clearTimeout(idleTimer);
    await current?.terminate();
  }

  return { run, warm, stop };
}

/** The app's analysis worker host, as an app resource: `deps.resources.of(analysisWorker)`. */
export const analysisWorker: ResourceKind<AnalysisWorkerHost> = {
  name: 'analysis worker',
  start: createAnalysisWorkerHost,
};
