import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Pins a process, every thread of it and its current children to one CPU (`taskset`); processes it
 * forks later inherit the pin. The replica bench's BENCH_REPLICA_OWN_CORE (decision 207) puts the
 * primary's side (this bench, the server, the load generator, the primary cluster) on core 0 and the
 * replica cluster on core 1, as a replica on a host of its own would be.
 */
export function pinToCore(pid: number, core: number): void {
  let children: string[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
  } catch {
    // pgrep exits 1 when the process has no children.
  }
  for (const task of [String(pid), ...children])
    execFileSync('taskset', ['-a', '-p', '-c', String(core), task], { stdio: 'ignore' });
}

/** The postmaster of the cluster whose data directory is `dataDirectory` (the first line of its postmaster.pid). */
export function postmasterOf(dataDirectory: string): number {
  const pid = Number(readFileSync(`${dataDirectory}/postmaster.pid`, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`no postmaster pid under ${dataDirectory}`);
  return pid;
}
