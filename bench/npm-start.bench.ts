/**
 * `npm start` as the README runs it (issue 37 item 4: first start < 20 s build included, restart
 * < 8 s, on a quiet 2-core machine): the wall time from spawning `npm start` to the first 200 from
 * GET /api/public/health, first with the build's recorded hash removed (so it builds, as on a
 * fresh clone after `npm ci`), then twice more with nothing changed (a restart: no build, decision
 * 093). Demo mode and the embedded database in a fresh DATA_DIR, as on a fresh clone. Prints each
 * figure with the machine's load average; never asserts timings.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const port = 5122;
const dataDir = mkdtempSync(join(tmpdir(), 'upside-bench-npm-start-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
};
delete env.DATABASE_URL;

/** Spawns `npm start` (its own process group); resolves with the seconds to the first 200, then stops it. */
async function start(): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['start'], { cwd: root, env, stdio: 'ignore', detached: true });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/public/health`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ok) return (performance.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    process.kill(-(child.pid ?? 0), 'SIGTERM');
    await exited;
    // The server closes its embedded database after npm has gone; the next start waits for its lock.
    for (let waited = 0; existsSync(join(dataDir, 'pglite.lock')) && waited < 300; waited += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
rmSync(join(root, 'dist/.build-hash'), { force: true });
process.stdout.write(
  `first start (builds): ${(await start()).toFixed(1)} s to the first 200 (load ${load()})\n`,
);
for (let run = 1; run <= 2; run += 1)
  process.stdout.write(`restart ${run} (no build): ${(await start()).toFixed(1)} s (load ${load()})\n`);
rmSync(dataDir, { recursive: true, force: true });
