import { execFile } from 'node:child_process';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { writeTracker } from '../../src/tracker/build.ts';
import { currentTestRun, type TestRun, templateOnce } from './test-run.ts';

const ROOT = join(import.meta.dirname, '../..');

/**
 * The node arguments that run `upside <command…>` in a test: the run's compiled CLI when under
 * vitest, otherwise `bin/upside.js` (the TypeScript sources through tsx).
 *
 * Through tsx every spawned process transpiles and loads the TypeScript sources again: ~5.4 s of
 * CPU to a server's first listen against ~2.7 s compiled, and the process tests start dozens
 * (decision 191). What they test is the app's behaviour (a lock, a kill, two instances, a
 * command's output), not how it is loaded: the tests of the loading itself name their command
 * (test/platform/compiled-start.test.ts `npm start`'s `dist/cli/main.js`, the "real binary" test of
 * src/cli/commands/measurement.test.ts `bin/upside.js` through tsx).
 */
export async function upsideCommand(command: string[]): Promise<string[]> {
  const run = currentTestRun();
  if (!run) return [join(ROOT, 'bin/upside.js'), ...command];
  return [await compiledCli(run), ...command];
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
