import { readFileSync } from 'node:fs';
import type pg from 'pg';

/**
 * CPU time of processes, from /proc (Linux): a figure that other work on the machine skews far
 * less than throughput does, so two runs at different load averages still compare (issue 18).
 */

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User + system CPU seconds of one process so far, or 0 when it is gone (or not Linux). */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The backends serving `database` (the server's pool), found in pg_stat_activity. */
async function backendsOf(admin: pg.Client, database: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database],
  );
  return rows.map((row) => row.pid);
}

export interface CpuSplit {
  server: number;
  postgres: number;
  loadGenerator: number;
}

/**
 * Starts counting CPU seconds of the server process, the database's backends and this process;
 * the returned function stops and returns the seconds each spent in between. Backends that exit
 * in between are not counted (the server's pool keeps its connections while busy).
 */
export async function countCpu(
  admin: pg.Client,
  database: string,
  serverPid: number,
): Promise<() => Promise<CpuSplit>> {
  const pids = await backendsOf(admin, database);
  const before = new Map(pids.map((pid) => [pid, cpuSecondsOf(pid)]));
  const server = cpuSecondsOf(serverPid);
  const self = process.cpuUsage();
  return async () => {
    let postgres = 0;
    for (const pid of await backendsOf(admin, database))
      postgres += cpuSecondsOf(pid) - (before.get(pid) ?? 0);
    const used = process.cpuUsage(self);
    return {
      server: cpuSecondsOf(serverPid) - server,
      postgres,
      loadGenerator: (used.user + used.system) / 1e6,
    };
  };
}
