import { execFile } from 'node:child_process';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { writeTracker } from '../../src/tracker/build.ts';
import { currentTestRun, type TestRun, templateOnce } from './test-run.ts';

const ROOT = join(import.meta.dirname, '../..');

/**
 * The node arguments that run `upside <command…>` in a test: the run's compiled CLI when under
 * vitest, otherwise `bin/upside.js` (the TypeScript sources through tsx). `embeddedDatabase`: the
 * process opens the embedded database (its environment has no DATABASE_URL).
 *
 * Through tsx every spawned process transpiles and loads the TypeScript sources again: ~5.4 s of
 * CPU to a server's first listen against ~2.7 s compiled, and the process tests start dozens
 * (decision 191). What they test is the app's behaviour (a lock, a kill, two instances, a
 * command's output), not how it is loaded: the tests of the loading itself name their command
 * (test/platform/compiled-start.test.ts `npm start`'s `dist/cli/main.js`, the "real binary" test of
 * src/cli/commands/measurement.test.ts `bin/upside.js` through tsx).
 */
export async function upsideCommand(
  command: string[],
  { embeddedDatabase = false }: { embeddedDatabase?: boolean } = {},
): Promise<string[]> {
  const run = currentTestRun();
  if (!run) return [join(ROOT, 'bin/upside.js'), ...command];
  const flags = embeddedDatabase ? EMBEDDED_DATABASE_FLAGS : [];
  return [...flags, ...childProfileArgs(), await compiledCli(run), ...command];
}

/**
 * A process on the embedded database runs PGlite's WebAssembly (PostgreSQL, ~10 MB) with V8's
 * baseline compiler only. By default V8 also recompiles its hot functions with the optimizing
 * compiler on background threads: ~1–1.5 s of CPU in each process that opens the embedded database,
 * which the tests' short processes (a start checked and stopped, a refused start, a backup, a
 * restore) never earn back (decision 251: a start to its first listen and stop 5.0 → 3.5 s of CPU,
 * a backup 5.5 → 4.3 s). The code run is the same; only how V8 compiles it differs, as the
 * compiled CLI differs from tsx (decision 191). Processes on PostgreSQL keep V8's defaults.
 */
const EMBEDDED_DATABASE_FLAGS = ['--liftoff-only'];

/**
 * With UPSIDE_CHILD_CPU_PROFILE_DIR set, node's `--cpu-prof` into that folder for every spawned
 * `upside` (written when the process exits by itself or on SIGTERM, not on SIGKILL): what a child
 * spends, read with scripts/cpuprofile-summary.mjs (decision 251).
 */
function childProfileArgs(): string[] {
  const dir = process.env.UPSIDE_CHILD_CPU_PROFILE_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=1000'] : [];
}

/**
 * The app compiled once per run by the first file that asks (the others wait on its lock): the
 * project's own server build (scripts/build-server.mjs) written into the run's folder, never into
 * dist/, which `npm start` owns and whose files a running server must not see replaced (decision
 * 093). The compiled files find what they read by relative URLs (decision 018): the folder is laid
 * out as the repository is, with links to its package.json, node_modules, bench/ and built SPA
 * (dist/web, what the TypeScript entry serves too), and the browser scripts (dist/tracker.js,
 * pixel.js) built from the current sources — the compiled server cannot build them on demand as
 * the TypeScript one does. Returns the compiled CLI's path.
 */
async function compiledCli(run: TestRun): Promise<string> {
  const { cli } = await templateOnce(run, 'compiled-app', async () => {
    const app = join(run.dir, 'compiled-app');
    const dist = join(app, 'dist');
    await mkdir(dist, { recursive: true });
    for (const linked of ['package.json', 'node_modules', 'bench', 'dist/web'])
      await symlink(join(ROOT, linked), join(app, linked));
    await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', '--outdir', dist], {
      cwd: ROOT,
    });
    await writeTracker(join(dist, 'tracker.js'));
    return { cli: join(dist, 'cli/main.js') };
  });
  return cli;
}
