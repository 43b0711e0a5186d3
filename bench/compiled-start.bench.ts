/**
 * Cold start of the compiled server (issue 18.1, goal < 2 s): after `scripts/build-server.mjs`,
 * the time from spawning `node dist/cli/main.js start` (what `npm start` runs once built) to the
 * first 200 from GET /api/public/health, on an already migrated database (PostgreSQL when
 * DATABASE_URL is set, otherwise an embedded PGlite directory). Demo mode off by default
 * (BENCH_DEMO=1 adds generating and serving the demo store). BENCH_RUNS starts (default 5); prints
 * each figure, the median and the machine's load average. Never asserts timings.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '../test/support/test-database.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 5);
const port = 5121;

execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
const testDatabase = await createTestDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'upside-bench-start-'));
const env = {
  ...process.env,
  NODE_ENV: 'development',
  DEMO: process.env.BENCH_DEMO === '1' ? '1' : '0',
  HOST: '127.0.0.1',
  PORT: String(port),
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  ...(testDatabase.url ? { DATABASE_URL: testDatabase.url } : {}),
};

/** CPU seconds (user + system) a process has used so far, from /proc (clock ticks of 10 ms). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Spawns the compiled server; resolves with the wall milliseconds to its first 200 and the CPU
 * seconds it used until then (the figure a busy machine inflates least), then stops it.
 */
async function coldStart(): Promise<{ ms: number; cpu: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/cli/main.js', 'start'], { cwd: root, env, stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/public/health`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ok) return { ms: performance.now() - started, cpu: cpuSecondsOf(child.pid!) };
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

await coldStart(); // migrates the fresh database; not counted
const times: number[] = [];
const cpus: number[] = [];
for (let run = 0; run < runs; run++) {
  const { ms, cpu } = await coldStart();
  times.push(ms);
  cpus.push(cpu);
  process.stdout.write(
    `cold start ${run + 1}: ${(ms / 1000).toFixed(2)} s to the first 200 (${cpu.toFixed(2)} s of CPU)\n`,
  );
}
const medianOf = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const median = medianOf(times);
process.stdout.write(
  `compiled server cold start (${testDatabase.url ? 'PostgreSQL' : 'PGlite'}, demo ${env.DEMO === '1' ? 'on' : 'off'}): median ${(median / 1000).toFixed(2)} s over ${runs}, ${medianOf(cpus).toFixed(2)} s of CPU (goal < 2 s)\n`,
);
process.stdout.write(
  `load average: ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}\n`,
);
rmSync(dataDir, { recursive: true, force: true });
await testDatabase.drop();
