import { type Database, type Db, openDatabase } from './client.ts';
import { readReplicaFreshness, replayedUpTo } from './replica-freshness.ts';

/** Where a heavy read ran. */
export type ReadTarget = 'replica' | 'primary';

/** What the router needs of a logger: a fallback is a warning, never an error (decision 126). */
export interface ReplicaLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * Sends heavy read-only queries to a PostgreSQL streaming replica (DATABASE_READ_URL, decision
 * 126) while it is fresh enough, and to the primary otherwise. `run` answers as the function
 * answers on the replica, or, when the replica is unreachable, behind the caller's own write,
 * older than the staleness limit or fails with a connection or recovery-conflict error, as it
 * answers on the primary, with a logged warning.
 */
export interface ReadRouter {
  /** Whether a replica is configured at all (without one every read runs on the primary, silently). */
  readonly configured: boolean;
  /**
   * Runs `read` on the replica when it has replayed `mustSee` (an own write's WAL position; null:
   * none) and its data is at most the staleness limit old, else on the primary. `waitMs`: how long
   * to wait for the replica to replay `mustSee` before taking the primary (0: not at all).
   */
  run<T>(
    read: (db: Db, on: ReadTarget) => Promise<T>,
    options?: { mustSee?: string | null; waitMs?: number },
  ): Promise<T>;
  close(): Promise<void>;
}

export interface ReadReplicaOptions {
  url: string;
  /** The most seconds behind the primary a replica's answer may be. */
  maxLagSeconds: number;
  log: ReplicaLog;
  maxConnections?: number;
}

/** A look at the replica is reused for this long; its age counts against the staleness limit. */
const PROBE_TTL_MS = 500;
/** After the replica could not be reached, it is tried again after this long (reads take the primary meanwhile). */
const RETRY_AFTER_MS = 5_000;
/** A replica that does not accept a connection this fast counts as unreachable. */
const CONNECT_TIMEOUT_MS = 1_000;
const POLL_MS = 50;

/** PostgreSQL and socket codes of a replica gone or of a replica-only cancellation: the read is retried on the primary. */
const REPLICA_TROUBLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '40001', // serialization_failure: canceling statement due to conflict with recovery
  '08000',
  '08003',
  '08006',
]);

/** Whether `error`, or an error it wraps (drizzle wraps the driver's as `cause`), says the replica is gone or cancelled the read. */
function isReplicaTrouble(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && REPLICA_TROUBLE.has(code)) return true;
    if (
      /Connection terminated|connection timeout|Client has encountered a connection error/i.test(
        current.message,
      )
    )
      return true;
    current = current.cause;
  }
  return false;
}

/** Every read on the primary: no replica configured. */
export function primaryOnly(primary: Db): ReadRouter {
  return {
    configured: false,
    run: (read) => read(primary, 'primary'),
    close: async () => undefined,
  };
}

/**
 * The router over `primary` and the replica at `options.url`. The replica's pool is opened on the
 * first read, so an app starts (and keeps serving from the primary) while the replica is down.
 */
export function openReadReplica(primary: Db, options: ReadReplicaOptions): ReadRouter {
  let replica: Promise<Database> | null = null;
  let unreachableUntil = 0;
  let probe: { at: number; result: Promise<{ lagSeconds: number | null; replayLsn: string | null }> } | null =
    null;

  const replicaDb = async (): Promise<Db> => {
    replica ??= openDatabase({
      kind: 'postgres',
      url: options.url,
      maxConnections: options.maxConnections ?? 4,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
    });
    try {
      return (await replica).db;
    } catch (error) {
      replica = null;
      throw error;
    }
  };

  const freshness = () => {
    const now = Date.now();
    if (!probe || now - probe.at > PROBE_TTL_MS) {
      const result = replicaDb().then((db) => readReplicaFreshness(primary, db));
      probe = { at: now, result };
      result.catch(() => {
        if (probe?.result === result) probe = null;
      });
    }
    return probe;
  };

  const fallBack = <T>(
    read: (db: Db, on: ReadTarget) => Promise<T>,
    reason: string,
    details: Record<string, unknown> = {},
  ): Promise<T> => {
    options.log.warn({ ...details, reason }, `read replica not used, reading from the primary: ${reason}`);
    return read(primary, 'primary');
  };

  async function waitForReplay(db: Db, lsn: string, waitMs: number): Promise<boolean> {
    const until = Date.now() + waitMs;
    for (;;) {
      if (await replayedUpTo(db, lsn)) return true;
      if (Date.now() >= until) return false;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  return {
    configured: true,
    async run(read, { mustSee = null, waitMs = 0 } = {}) {
      if (Date.now() < unreachableUntil) return read(primary, 'primary');
      let db: Db;
      try {
        const looked = freshness();
        const { lagSeconds } = await looked.result;
        const lag = lagSeconds === null ? null : lagSeconds + (Date.now() - looked.at) / 1000;
        if (lag === null)
          return fallBack(read, 'DATABASE_READ_URL is not a server in recovery (not a replica)');
        if (lag > options.maxLagSeconds)
          return fallBack(
            read,
            `the replica is ${lag.toFixed(1)} s behind (limit ${options.maxLagSeconds} s)`,
            {
              lagSeconds: lag,
            },
          );
        db = await replicaDb();
        // An own write must be visible: the replica has replayed it (after waiting a little), or the primary answers.
        if (mustSee && !(await waitForReplay(db, mustSee, waitMs))) {
          // Not replayed at once is routine for a page read right after a write; a caller that waited and still
          // finds it missing meets a slow replica.
          if (waitMs === 0) return read(primary, 'primary');
          return fallBack(read, `the replica had not replayed the reader's own write after ${waitMs} ms`);
        }
      } catch (error) {
        unreachableUntil = Date.now() + RETRY_AFTER_MS;
        return fallBack(read, 'the replica is unreachable', { err: error });
      }
      try {
        return await read(db, 'replica');
      } catch (error) {
        if (!isReplicaTrouble(error)) throw error;
        unreachableUntil = Date.now() + RETRY_AFTER_MS;
        return fallBack(read, 'the replica failed during the read', { err: error });
      }
    },
    async close() {
      const opened = replica;
      replica = null;
      if (opened) await opened.then((database) => database.close()).catch(() => undefined);
    },
  };
}
