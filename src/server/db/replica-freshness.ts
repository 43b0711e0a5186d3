import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client.ts';
import { queryRows } from './query-rows.ts';

const PrimaryRow = z.object({ lsn: z.string() });
const ReplicaRow = z.object({
  in_recovery: z.boolean(),
  replay_lsn: z.string().nullable(),
  /** Whole and fractional seconds since the last replayed commit was committed on the primary. */
  replay_age: z.number().nullable(),
  /** Bytes between the primary's LSN (sent in) and the replica's replay position; null when unknown. */
  behind_bytes: z.number().nullable(),
});

/** What one look at a streaming replica found (decision 126). */
export interface ReplicaFreshness {
  /** The primary's WAL position when the replica was looked at. */
  primaryLsn: string;
  /** The last WAL position the replica has replayed (its data is the primary's as of there). */
  replayLsn: string | null;
  /**
   * An upper bound of how old the replica's data is, in seconds: 0 when it has replayed all the
   * primary had written when asked, else the age of the last commit it replayed (the first commit
   * it has not replayed is younger, so its data is at most that old). null: not a replica.
   */
  lagSeconds: number | null;
}

/** The primary's current WAL position: a read that must see everything committed so far waits for it. */
export async function primaryLsn(primary: Db): Promise<string> {
  const [row] = await queryRows(primary, PrimaryRow, sql`SELECT pg_current_wal_lsn()::text AS lsn`);
  if (!row) throw new Error('pg_current_wal_lsn() returned no row');
  return row.lsn;
}

/** Whether the replica has replayed the primary's WAL up to `lsn` (an own write's commit). */
export async function replayedUpTo(replica: Db, lsn: string): Promise<boolean> {
  const [row] = await queryRows(
    replica,
    z.object({ done: z.boolean().nullable() }),
    sql`SELECT pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn AS done`,
  );
  return row?.done === true;
}

/** Reads the primary's position, then the replica's replay position and the age of its last replayed commit. */
export async function readReplicaFreshness(primary: Db, replica: Db): Promise<ReplicaFreshness> {
  const lsn = await primaryLsn(primary);
  const [row] = await queryRows(
    replica,
    ReplicaRow,
    sql`SELECT pg_is_in_recovery() AS in_recovery,
               pg_last_wal_replay_lsn()::text AS replay_lsn,
               extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp())::float8 AS replay_age,
               pg_wal_lsn_diff(${lsn}::pg_lsn, pg_last_wal_replay_lsn())::float8 AS behind_bytes`,
  );
  if (!row?.in_recovery) return { primaryLsn: lsn, replayLsn: null, lagSeconds: null };
  const caughtUp = row.behind_bytes !== null && row.behind_bytes <= 0;
  return {
    primaryLsn: lsn,
    replayLsn: row.replay_lsn,
    lagSeconds: caughtUp ? 0 : (row.replay_age ?? Number.POSITIVE_INFINITY),
  };
}
