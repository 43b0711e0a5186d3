import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

/** A PostgreSQL primary and its streaming replica, two clusters of this machine's PostgreSQL (decision 126). */
export interface ReplicatedPostgres {
  /** URL of database `name` on the primary / on the replica. */
  primaryUrl(name: string): string;
  replicaUrl(name: string): string;
  /** SQL on the primary's or the replica's `postgres` database. */
  onPrimary(statement: string): Promise<pg.QueryResult>;
  onReplica(statement: string): Promise<pg.QueryResult>;
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  stopReplica(): Promise<void>;
  /** Stops and removes both clusters. */
  remove(): Promise<void>;
}

/** The newest PostgreSQL installed (/usr/lib/postgresql/<version>). */
function installedVersion(): string {
  const versions = readdirSync('/usr/lib/postgresql').filter((name) => /^\d+$/.test(name));
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('no PostgreSQL under /usr/lib/postgresql');
  return newest;
}

async function query(url: string, statement: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Creates a primary cluster (`pg_createcluster`, trust authentication on 127.0.0.1, fsync off: a
 * throwaway) on a free port and a replica of it (`pg_basebackup -R`: standby.signal and the
 * primary's conninfo) on another, both started. Needs root (the tests run as root) and the
 * Debian postgresql-common tools. The caller removes them with `remove()`.
 */
export async function startReplicatedPostgres(): Promise<ReplicatedPostgres> {
  const version = installedVersion();
  const name = `upside_${randomBytes(3).toString('hex')}`;
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const url = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const options = ['-o', 'fsync=off', '-o', 'max_connections=50', '-o', 'shared_buffers=32MB'];
  const clusters: string[] = [];
  const remove = async () => {
    for (const cluster of clusters.reverse())
      await run('pg_dropcluster', [version, cluster, '--stop']).catch(() => undefined);
  };
  try {
    clusters.push(`${name}_p`);
    await run('pg_createcluster', [
      version,
      `${name}_p`,
      '-p',
      String(primaryPort),
      ...options,
      '--start',
      '--',
      '--auth=trust',
    ]);
    clusters.push(`${name}_r`);
    await run('pg_createcluster', [
      version,
      `${name}_r`,
      '-p',
      String(replicaPort),
      ...options,
      '--',
      '--auth=trust',
    ]);
    const replicaData = `/var/lib/postgresql/${version}/${name}_r`;
    // Emptied, not removed: the directory belongs to the postgres user, who writes the backup into it.
    for (const entry of await readdir(replicaData))
      await rm(join(replicaData, entry), { recursive: true, force: true });
    await run('runuser', [
      '-u',
      'postgres',
      '--',
      `/usr/lib/postgresql/${version}/bin/pg_basebackup`,
      ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaData],
      ...['-R', '-X', 'stream', '-c', 'fast'],
    ]);
    await run('pg_ctlcluster', [version, `${name}_r`, 'start']);
  } catch (error) {
    await remove();
    throw error;
  }
  const onPrimary = (statement: string) => query(url(primaryPort, 'postgres'), statement);
  const onReplica = (statement: string) => query(url(replicaPort, 'postgres'), statement);
  return {
    primaryUrl: (database) => url(primaryPort, database),
    replicaUrl: (database) => url(replicaPort, database),
    onPrimary,
    onReplica,
    async caughtUp() {
      const { rows } = await onPrimary('SELECT pg_current_wal_lsn()::text AS lsn');
      const lsn = String(rows[0]?.lsn);
      for (let waited = 0; waited < 30_000; waited += 50) {
        const replayed = await onReplica(`SELECT pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn AS done`);
        if (replayed.rows[0]?.done === true) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`the replica did not replay ${lsn} within 30 s`);
    },
    async stopReplica() {
      await run('pg_ctlcluster', [version, `${name}_r`, 'stop', '-m', 'fast']);
    },
    remove,
  };
}
