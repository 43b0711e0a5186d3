import type { z } from 'zod';
import type { AppDeps } from '../http/deps.ts';
import type { JobRow } from './queue.ts';

/**
 * A declarative job: its type name, payload schema, retry budget, concurrency key and the work.
 * Definitions live one per file in ./definitions and are listed in ./registry.ts; a worker only
 * claims types it has a definition for.
 */
export interface JobContext<P> {
  deps: AppDeps;
  job: JobRow;
  payload: P;
  /** Aborted when the worker stops; long loops should check it between pages. */
  signal: AbortSignal;
}

export interface JobDefinition<P> {
  type: string;
  payloadSchema: z.ZodType<P>;
  /** Attempts including the first (default 5). */
  maxAttempts?: number;
  /** Lower runs first (default 100); a function when it depends on the payload. */
  priority?: number | ((payload: P) => number);
  /** Jobs sharing a key never run (or wait) twice at once; null = no limit. */
  concurrencyKey(payload: P): string | null;
  /** The work; its return value is stored in `jobs.result`. */
  run(context: JobContext<P>): Promise<Record<string, unknown> | undefined>;
}

/**
 * A declared job as `enqueue(db, job, payload, now)` (enqueue.ts) and the worker use it: the
 * payload type is kept for callers; the registry holds them with it erased (`RegisteredJob`).
 */
export interface DeclaredJob<P> {
  type: string;
  maxAttempts: number;
  priorityOf(payload: P): number;
  concurrencyKeyOf(payload: P): string | null;
  /** The payload checked against the definition's schema; throws PermanentJobError naming the field. */
  parsePayload(payload: unknown): P;
  execute(deps: AppDeps, job: JobRow, signal: AbortSignal): Promise<Record<string, unknown> | undefined>;
}

/**
 * A declared job as the registry and the worker hold it: only what does not depend on the payload
 * type, since the worker parses the stored payload itself (`execute`). Every `DeclaredJob<P>` is one.
 */
export type RegisteredJob = Pick<DeclaredJob<unknown>, 'type' | 'maxAttempts' | 'execute'>;

/** Thrown by jobs for failures that a retry cannot fix (bad credentials, bad payload). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export function defineJob<P>(definition: JobDefinition<P>): DeclaredJob<P> {
  const parsePayload = (payload: unknown): P => {
    const parsed = definition.payloadSchema.safeParse(payload);
    if (!parsed.success)
      throw new PermanentJobError(`invalid ${definition.type} payload: ${parsed.error.message}`);
    return parsed.data;
  };
  return {
    type: definition.type,
    maxAttempts: definition.maxAttempts ?? 5,
    priorityOf: (payload) =>
      typeof definition.priority === 'function' ? definition.priority(payload) : (definition.priority ?? 100),
    concurrencyKeyOf: (payload) => definition.concurrencyKey(payload),
    parsePayload,
    execute: (deps, job, signal) => definition.run({ deps, job, payload: parsePayload(job.payload), signal }),
  };
}
