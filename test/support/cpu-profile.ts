import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { basename } from 'node:path';
import { afterAll } from 'vitest';

/**
 * A setup file of the `main` and `pglite` projects when UPSIDE_CPU_PROFILE_DIR is set (decision
 * 246): a V8 CPU profile of the worker's main thread over each test file, written to that folder as
 * `<file>-<pid>.cpuprofile` beside `<file>-<pid>.cpu.json` (the process's user and system seconds
 * over the file, every thread). A fork's own `--cpu-prof` is lost to vitest's SIGKILL (decision
 * 238), hence an inspector session per file. Read with `node scripts/cpuprofile-summary.mjs`.
 */
const dir = process.env.UPSIDE_CPU_PROFILE_DIR;
if (!dir) throw new Error('cpu-profile.ts is a setup file for runs with UPSIDE_CPU_PROFILE_DIR set');
const session = new Session();
session.connect();
const post = <T>(method: string, params: object = {}) =>
  new Promise<T>((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))),
  );
const atStart = process.cpuUsage();
await post('Profiler.enable');
await post('Profiler.setSamplingInterval', { interval: 1000 });
await post('Profiler.start');

// biome-ignore lint/correctness/noEmptyPattern: no fixture is used; the pattern is what vitest requires.
afterAll(async ({}, suite) => {
  const { profile } = await post<{ profile: unknown }>('Profiler.stop');
  const cpu = process.cpuUsage(atStart);
  const name = `${dir}/${basename(suite.file.filepath)}-${process.pid}`;
  writeFileSync(`${name}.cpuprofile`, JSON.stringify(profile));
  writeFileSync(`${name}.cpu.json`, JSON.stringify({ user: cpu.user / 1e6, system: cpu.system / 1e6 }));
  session.disconnect();
});
