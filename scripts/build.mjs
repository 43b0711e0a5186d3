// Builds what `npm start` runs — the SPA (Vite), the tracker and the server (esbuild) — into dist/,
// and records a content hash of the build's inputs in dist/.build-hash (decision 093). With
// `--if-changed` (what `npm start` runs) it builds only when that hash differs, so a restart does
// no needless work. It never replaces the files of a running server: while `upside start` runs
// from dist/ (dist/.in-use/<pid>, src/cli/build-in-use.ts) a changed build is refused with the pid
// to stop, and the running server goes on serving the build it started with. Plain JavaScript so
// it runs on bare `node`, before anything is compiled.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const dist = join(root, 'dist');
const hashFile = join(dist, '.build-hash');

/** Everything the build reads: sources (not tests), the build scripts and configs, the lockfile. */
const INPUTS = [
  'src',
  'bin',
  'scripts/build.mjs',
  'scripts/build-server.mjs',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];
const isTest = (name) => /\.test\.tsx?$/.test(name);

function filesOf(path) {
  let entries;
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch (error) {
    if (error.code === 'ENOTDIR') return [path];
    if (error.code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => !isTest(entry.name))
    .flatMap((entry) => filesOf(join(path, entry.name)))
    .sort();
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => filesOf(join(root, input)))) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function readOr(path, fallback) {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return fallback;
  }
}

/** Live processes running `upside start` from dist/ (markers of dead ones are stale and removed). */
function runningServers() {
  const dir = join(dist, '.in-use');
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((name) => {
    const pid = Number.parseInt(name, 10);
    let alive = pid > 0 && pid !== process.pid;
    if (alive) {
      try {
        process.kill(pid, 0);
      } catch (error) {
        alive = error.code === 'EPERM';
      }
    }
    // Linux names a live pid's command: a reused pid of another program is not our server.
    const cmdline = readOr(`/proc/${pid}/cmdline`, null);
    if (alive && cmdline !== null && !cmdline.includes('dist/cli/main.js')) alive = false;
    if (!alive) rmSync(join(dir, name), { force: true });
    return alive;
  });
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const started = performance.now();
const ifChanged = process.argv.includes('--if-changed');
const hash = inputsHash();
if (ifChanged && readOr(hashFile, '') === hash) {
  process.stdout.write(`build: up to date (inputs ${hash.slice(0, 12)}), nothing rebuilt\n`);
  process.exit(0);
}
const servers = runningServers();
if (servers.length > 0) {
  process.stderr.write(
    `build: the sources changed, but Upside is running from dist/ (pid ${servers.join(', ')}); ` +
      'stop it first, so its files are not replaced under it.\n',
  );
  process.exit(1);
}
// A build that fails half-way must not pass for the last good one.
rmSync(hashFile, { force: true });
run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build']);
run(process.execPath, [join(root, 'bin/upside.js'), 'build-tracker']);
run(process.execPath, [join(root, 'scripts/build-server.mjs')]);
writeFileSync(hashFile, `${hash}\n`);
process.stdout.write(`build: done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
