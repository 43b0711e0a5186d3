import { readFileSync } from 'node:fs';
import { afterAll } from 'vitest';

/**
 * A setup file of the `main` and `pglite` projects (decision 195): the CPU a test file cost its
 * worker process — its own user + system time, and that of the child processes it reaped (the
 * `upside` processes it spawned) — put in the file's task meta, which the suite timeline
 * (scripts/suite-timeline.mjs) records beside the file's window. Wall windows are inflated by
 * whatever else runs; CPU is what CI's two cores pay. PostgreSQL's share and the worker's shared
 * Chromium are not attributed to a file. Linux only (`/proc`); elsewhere nothing is recorded.
 */

declare module 'vitest' {
  interface TaskMeta {
    /** CPU seconds spent by the worker (own) and by the processes it reaped (children) during this file. */
    cpu?: { own: number; children: number };
  }
}

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS = 100;

function cpuTicks(): { own: number; children: number } | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const [utime = 0, stime = 0, cutime = 0, cstime = 0] = fields.slice(11, 15);
    return { own: utime + stime, children: cutime + cstime };
  } catch {
    return undefined;
  }
}

// Runs before the test file is imported: its import is part of its cost.
const atStart = cpuTicks();

// vitest hands a hook its fixtures first (as an object pattern, or it refuses the hook), then the suite.
// biome-ignore lint/correctness/noEmptyPattern: no fixture is used; the pattern is what vitest requires.
afterAll(({}, suite) => {
  const atEnd = cpuTicks();
  if (!atStart || !atEnd) return;
  suite.meta.cpu = {
    own: (atEnd.own - atStart.own) / TICKS,
    children: (atEnd.children - atStart.children) / TICKS,
  };
});
